import { api, type Glossary, glossary } from '@salient/protocol';
import { call } from './api/client.ts';

/**
 * A game's glossary, fetched once per page load: the log marks its terms and shows their meaning.
 * Without it (an old server, a network error) the log simply shows the words unmarked.
 */
const loaded = new Map<string, Promise<Glossary>>();

export function glossaryOf(game: string): Promise<Glossary> {
  let p = loaded.get(game);
  if (!p) {
    p = call('GET', api.glossary(game), glossary).catch(() => {
      loaded.delete(game);
      return [];
    });
    loaded.set(game, p);
  }
  return p;
}
