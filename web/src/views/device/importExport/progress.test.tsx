import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportLog } from '#src/api/deviceAdmin';
import { renderWithProviders } from '#src/test/render';
import { ProgressCell } from './ProgressCell';

const { importStatus } = vi.hoisted(() => ({ importStatus: vi.fn() }));
vi.mock('#src/api/deviceAdmin', () => ({ importStatus, IMPORT_TOPIC: 'device.import' }));

const log = (state: number, progress: number) => ({ id: '9', state, progress }) as ImportLog;

describe('import progress cell', () => {
  it('follows a running import and asks for a reload once it has finished', async () => {
    importStatus.mockResolvedValueOnce(log(1, 50)).mockResolvedValue(log(2, 100));
    const onFinished = vi.fn();
    renderWithProviders(<ProgressCell row={log(0, 0)} onFinished={onFinished} />);
    expect(await screen.findByText('导入中')).toBeInTheDocument();
    expect(await screen.findByText('已完成', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
  });

  it('reads nothing for a finished import', async () => {
    importStatus.mockClear();
    renderWithProviders(<ProgressCell row={log(3, 40)} onFinished={() => {}} />);
    expect(await screen.findByText('失败')).toBeInTheDocument();
    expect(importStatus).not.toHaveBeenCalled();
  });
});
