/** What the map does with the pointer, the wheel and the keys. */
export interface MapInput {
  wheel: (e: WheelEvent) => void;
  pointerDown: (e: PointerEvent) => void;
  pointerMove: (e: PointerEvent) => void;
  pointerUp: (e: PointerEvent) => void;
  /** A pointer the browser took back (a scroll, a system gesture): no longer down on the map. */
  pointerCancel: (e: PointerEvent) => void;
  pointerLeave: () => void;
  key: (e: KeyboardEvent) => void;
}

/**
 * Makes the map one focusable widget in the ARIA "application" role, where arrow keys move a cursor
 * over locations as in a spreadsheet, and attaches its listeners. They are attached here rather than
 * in markup because the wheel listener must not be passive (it stops the page from scrolling) and
 * Svelte's markup checks do not count "application" as interactive. Returns the detach.
 */
export function attachMapInput(node: SVGSVGElement, input: MapInput): () => void {
  node.tabIndex = 0;
  const listeners: [string, EventListener, AddEventListenerOptions?][] = [
    ['wheel', input.wheel as EventListener, { passive: false }],
    ['pointerdown', input.pointerDown as EventListener],
    ['pointermove', input.pointerMove as EventListener],
    ['pointerup', input.pointerUp as EventListener],
    ['pointercancel', input.pointerCancel as EventListener],
    ['pointerleave', input.pointerLeave as EventListener],
    ['keydown', input.key as EventListener],
  ];
  for (const [type, listener, options] of listeners) node.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of listeners) node.removeEventListener(type, listener);
  };
}
