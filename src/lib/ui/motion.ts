// The user's "reduce motion" setting (prefers-reduced-motion: reduce, an OS accessibility option; also what
// a low-powered wall PC can be set to): no count-up figures, no chart transitions, no antd open/close
// animations, a still alarm ticker (kit.css). Read when a motion would start, so a change applies next time.
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
