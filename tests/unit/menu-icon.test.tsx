// Menu icons (issue 11 delivery): the icons schemas/menus.json names draw at once from their own imports
// (src/app/generated/menu-icons.ts); a name outside that list loads the whole set, then draws; a name
// that is no icon keeps the same-sized placeholder.
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { MENU_ICONS } from '../../src/app/generated/menu-icons';
import { MenuIcon } from '../../src/app/layout/MenuIcon';

describe('MenuIcon', { timeout: 20_000 }, () => {
  it('draws a listed icon at once, without loading the set', () => {
    expect(Object.keys(MENU_ICONS)).toContain('HomeOutlined');
    const { container } = render(<MenuIcon name="HomeOutlined" />);
    expect(container.querySelector('.anticon-home svg')).not.toBeNull();
  });

  it('loads the whole set for a name outside the list, then draws it', async () => {
    expect(MENU_ICONS).not.toHaveProperty('SmileOutlined');
    const { container } = render(<MenuIcon name="SmileOutlined" />);
    await waitFor(() => expect(container.querySelector('.anticon-smile svg')).not.toBeNull());
  });

  it('keeps the placeholder for a name that is no icon', () => {
    const { container } = render(<MenuIcon name="/img/menu.png" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('span.anticon')).not.toBeNull();
  });
});
