// What one generated page needs: its page schema and its entity with content schemas resolved, as the
// generated page registry (src/engine/generated/page-registry.ts) loads them.
import type { LoadedPage } from '../../../common/metadata/types';

export type PageLoader = () => Promise<LoadedPage>;
