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

export const dictionaries = createDictionaryService(createDictionaryFetcher((name) => (Object.prototype.hasOwnProperty.call(ENTITY_API, name) ? ENTITY_API[name as keyof typeof ENTITY_API] : undefined)), scopeKey);
