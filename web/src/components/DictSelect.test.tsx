import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '#src/app/stores/settings';
import { renderWithProviders } from '#src/test/render';
import { useDict } from './DictSelect';

vi.mock('#src/api/system', async (original) => ({
  ...(await original<object>()),
  fetchDictionary: vi.fn(async () => [
    { dictKey: '1', dictValue: '男', dictValueEn: 'Male' },
    { dictKey: '3', dictValue: 'OTHER', dictValueEn: null },
  ]),
}));

function Labels() {
  const { labelOf } = useDict('sex');
  return <span>{['1', '3'].map(labelOf).join(' / ')}</span>;
}

describe('dictionary labels', () => {
  afterEach(() => useSettings.getState().setLanguage('zh'));

  it('are Chinese in Chinese mode', async () => {
    renderWithProviders(<Labels />);
    expect(await screen.findByText('男 / OTHER')).toBeTruthy();
  });

  it('are English in English mode, the Chinese label where an item has no English one', async () => {
    useSettings.getState().setLanguage('en');
    renderWithProviders(<Labels />);
    expect(await screen.findByText('Male / OTHER')).toBeTruthy();
  });
});
