// What every screen body receives from the shell (screens.ts registers the bodies lazily; a body imports
// this, not the registry, so no body and the registry import each other).
import type { ScreenQuery } from './menus';

export type ScreenBodyProps = { path: string; query: ScreenQuery };
