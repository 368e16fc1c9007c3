import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { completeTask, type FlowRow } from '#src/api/flow';
import { renderWithProviders } from '#src/test/render';
import { ProcessDialog } from './ProcessDialog';

const ROUND = {
  column: [
    { type: 'input', prop: 'equipment', label: 'Equipment', required: true },
    { type: 'input', prop: 'remark', label: 'Remark' },
  ],
};

vi.mock('#src/api/flow', async (original) => ({
  ...(await original<typeof import('#src/api/flow')>()),
  fetchHistory: vi.fn(async () => []),
  fetchDiagram: vi.fn(() => new Promise(() => {})), // the progress tab is not what these tests look at
  fetchTaskForm: vi.fn(async () => ({
    designId: '7',
    detailId: '8',
    name: 'Gauge round',
    version: 1,
    content: JSON.stringify(ROUND),
  })),
  completeTask: vi.fn(async () => '办理成功'),
}));

const row = {
  taskId: '11',
  taskName: 'Read the gauge',
  formKey: 'Gauge round',
  processInstanceId: '10',
  processDefinitionName: 'Gauge round',
} as FlowRow;

// The dialog, its tabs and the renderer are heavy for jsdom: a loaded machine gets a minute.
const SLOW = 60_000;

describe("the handling dialog's task form (formKey)", () => {
  it(
    'is shown first, must be complete to approve, and its values go with the completion',
    async () => {
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<ProcessDialog row={row} handle onClose={() => {}} />);
      expect(
        await screen.findByRole('tab', { name: '任务表单: Gauge round', selected: true }),
      ).toBeInTheDocument();
      const approve = screen.getByTestId('flow-approve');
      await user.click(approve);
      expect(await screen.findByText('Equipment必须填写', {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(completeTask).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('Equipment:'), 'P-101');
      await user.click(approve);
      await waitFor(() =>
        expect(completeTask).toHaveBeenCalledWith(
          '11',
          true,
          '同意',
          expect.objectContaining({ equipment: 'P-101' }),
        ),
      );
    },
    SLOW,
  );
});
