// What domains add to the generic engine (issue 24: the engine imports no domain). The engine owns the
// registry; a domain registers its entity hooks (named by an entity's `hooks`) and transition hooks (named
// by a transition's `hook`) at start-up — buildApp calls the domains' registration (server/hooks/registry.ts
// registerDomainHooks), as amis's registerRenderer or a Fastify plugin does. A schema naming a hook nobody
// registered stops the start (the engine is built while the app's routes are), never the first save.
import type { EntityHooks, TransitionHook } from './hook-types';

export type HookRegistry = {
  entity: ReadonlyMap<string, EntityHooks>;
  transition: ReadonlyMap<string, TransitionHook>;
};

const entityHooks = new Map<string, EntityHooks>();
const transitionHooks = new Map<string, TransitionHook>();

/** The hooks registered so far. */
export const registeredHooks = (): HookRegistry => ({ entity: entityHooks, transition: transitionHooks });

const register = <T>(into: Map<string, T>, kind: string, named: Readonly<Record<string, T>>): void => {
  for (const [name, value] of Object.entries(named)) {
    const known = into.get(name);
    if (known !== undefined && known !== value) throw new Error(`${kind} "${name}" is registered twice`);
    into.set(name, value);
  }
};

/** Registers entity hooks by name (the value of an entity's `hooks`). Registering the same again is a no-op. */
export const registerEntityHooks = (named: Readonly<Record<string, EntityHooks>>): void => register(entityHooks, 'entity hooks', named);

/** Registers transition hooks by name (the value of a workflow transition's `hook`). */
export const registerTransitionHooks = (named: Readonly<Record<string, TransitionHook>>): void => register(transitionHooks, 'transition hook', named);

/** The hooks an entity names; {} when it names none; an unregistered name throws. */
export function hooksFor(entity: { name: string; hooks?: string }, registry: HookRegistry = registeredHooks()): EntityHooks {
  if (entity.hooks === undefined) return {};
  const hooks = registry.entity.get(entity.hooks);
  if (!hooks) throw new Error(`entity ${entity.name}: unknown hook "${entity.hooks}" (no domain registered it: server/hooks/registry.ts)`);
  return hooks;
}

/** The hook a transition names, undefined when it names none; an unregistered name throws. */
export function transitionHook(entity: string, name: string | undefined, registry: HookRegistry = registeredHooks()): TransitionHook | undefined {
  if (name === undefined) return undefined;
  const hook = registry.transition.get(name);
  if (!hook) throw new Error(`entity ${entity}: unknown transition hook "${name}" (no domain registered it: server/hooks/transitions.ts)`);
  return hook;
}
