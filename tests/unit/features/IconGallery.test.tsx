import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconGallery } from '../../../src/features/icons/IconGallery';
import { renderFeature } from './renderFeature';
import { stubFetch } from './fetchStub';

afterEach(() => vi.unstubAllGlobals());

const tiles = () => document.querySelectorAll('.icon-gallery-tile');

describe('IconGallery (§2.4)', () => {
  it('pages the icons 72 at a time and searches by name', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderFeature(<IconGallery />);
    expect(tiles()).toHaveLength(72);
    await user.type(screen.getByPlaceholderText('搜索图标名称'), 'HomeOutlined');
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'HomeOutlined' })).toBeTruthy();
  });

  it('copies the icon as JSX and shows 复制成功', async () => {
    stubFetch({});
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderFeature(<IconGallery />);
    await user.type(screen.getByPlaceholderText('搜索图标名称'), 'HomeOutlined');
    await user.click(await screen.findByRole('button', { name: 'HomeOutlined' }));
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('<HomeOutlined />');
  });
});
