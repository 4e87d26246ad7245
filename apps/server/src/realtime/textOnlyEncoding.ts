import type { Server } from 'socket.io';

/**
 * Salient never sends binary over socket.io: every payload is JSON. socket.io's encoder still walks
 * every outgoing packet looking for Buffers (its `hasBinary` scan) before encoding it as text, which
 * at load was a visible share of the cost of a push. This makes the server's encoder go straight to
 * the text encoding; the wire format is unchanged (a packet without binary was always encoded so),
 * so clients need nothing. The server's encoder is the one object every emit, broadcast and
 * acknowledgement goes through (the adapters and each client connection share it).
 */
export function encodeAsTextOnly(io: Server): void {
  const encoder = io.encoder as unknown as {
    encode(packet: unknown): unknown[];
    encodeAsString(packet: unknown): string;
  };
  if (typeof encoder.encodeAsString !== 'function')
    throw new Error('socket.io-parser changed: its encoder has no encodeAsString');
  encoder.encode = (packet) => [encoder.encodeAsString(packet)];
}
