// The app-wide dictionary service: one cache per session scope (token and company), so a re-login or a
// company switch never shows the previous scope's options.
import { sessionStore } from '../../lib/session/store';
import { ENTITY_API } from '../../../common/generated/entities';
import { createDictionaryService } from './dictionary-service';
import { createDictionaryFetcher } from './dictionary-sources';

const scopeKey = (): string => {
  const s = sessionStore.get();
  return `${s.token ?? ''}|${s.company?.path.join(',') ?? ''}`;
};

/** The endpoint names of a generated entity. */
export const entityApiOf = (name: string) => (Object.prototype.hasOwnProperty.call(ENTITY_API, name) ? ENTITY_API[name as keyof typeof ENTITY_API] : undefined);

export const dictionaries = createDictionaryService(createDictionaryFetcher(entityApiOf), scopeKey);
