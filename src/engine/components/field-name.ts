// Every input of a generated form or search bar is named by its field's title (WCAG 4.1.2, axe-core's
// `label`): Formily's FormItem draws the title as text beside the input without tying the two together,
// and a select's search box has no placeholder to fall back on, so a screen reader met an unnamed box.
// A title given by the schema's props (`aria-label`) wins.
import { connect, mapProps } from '@formily/react';
import type { ComponentType } from 'react';

const withTitleAsName = mapProps((props: Record<string, unknown>, field) => {
  const title = (field as { title?: unknown } | undefined)?.title;
  if (props['aria-label'] !== undefined || typeof title !== 'string' || title === '') return props;
  return { ...props, 'aria-label': title };
});

/** `component` with its field's title as its accessible name; its sub-components (Input.TextArea) named too. */
export function namedByTitle<T extends ComponentType<never>>(component: T): T {
  const named = connect(component as ComponentType<Record<string, unknown>>, withTitleAsName);
  const statics = Object.entries(component)
    .filter(([key]) => /^[A-Z]/.test(key))
    .map(([key, sub]) => [key, namedByTitle(sub as ComponentType<never>)]);
  return Object.assign(named, Object.fromEntries(statics)) as unknown as T;
}
