import { DndContext } from '@dnd-kit/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REGISTRY } from '#src/designer/registry';
import type { Column } from '#src/designer/types';
import { renderWithProviders } from '#src/test/render';
import { ConfigPanel } from './ConfigPanel';
import { Palette } from './Palette';

vi.mock('#src/api/formAdmin', async (original) => ({
  ...(await original<object>()),
  fetchApis: vi.fn().mockResolvedValue([]),
}));

/** The design screen's palette and config panel: the advanced group, and the event-hook rule editor. */
const TARGETS = [
  { prop: 'state', label: '状态' },
  { prop: 'reason', label: '原因' },
];

function panel(column: Column, onChange = vi.fn()) {
  renderWithProviders(
    <ConfigPanel
      settings={{}}
      targets={TARGETS}
      column={column}
      group={null}
      container="root"
      onChange={onChange}
      onSetting={vi.fn()}
    />,
  );
  return onChange;
}

describe('design screen', () => {
  it('offers the advanced widgets in their own palette group', () => {
    const pick = vi.fn();
    renderWithProviders(
      <DndContext>
        <Palette onPick={pick} />
      </DndContext>,
    );
    expect(screen.getByText('高级字段')).toBeInTheDocument();
    for (const label of ['上传', '滑块', '评分', '开关', '富文本', '坐标选择']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    fireEvent.doubleClick(screen.getByText('坐标选择'));
    expect(pick).toHaveBeenCalledWith('map');
  });

  it('edits an event hook as rules: add one, pick its target and condition', async () => {
    const user = userEvent.setup();
    const column = { ...REGISTRY.radio.create(), prop: 'state', label: '状态' } as Column;
    const onChange = panel(column);
    await user.click(screen.getByText('事件钩子'));
    const change = document.querySelector('[data-prop="change"]') as HTMLElement;
    await user.click(within(change).getByRole('button', { name: /添加规则/ }));
    expect(onChange).toHaveBeenLastCalledWith('change', [{ action: 'show', target: '' }]);
  });

  it('shows the rules it is given and changes their target and condition', async () => {
    const user = userEvent.setup();
    const column = {
      ...REGISTRY.radio.create(),
      prop: 'state',
      label: '状态',
      change: [{ action: 'show', target: '' }],
    } as Column;
    const onChange = panel(column);
    await user.click(screen.getByText('事件钩子'));
    const change = document.querySelector('[data-prop="change"]') as HTMLElement;
    await user.click(within(change).getByLabelText('目标字段'));
    await user.click(await screen.findByText('原因'));
    expect(onChange).toHaveBeenLastCalledWith('change', [{ action: 'show', target: 'reason' }]);
    fireEvent.change(within(change).getByLabelText('当值等于(可空)'), { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith('change', [{ action: 'show', target: '', equals: '1' }]);
  });

  it('shows an imported function text and never offers to run it', async () => {
    const user = userEvent.setup();
    panel({ prop: 'a', type: 'input', label: 'A', blur: '({value}) => alert(value)' });
    await user.click(screen.getByText('事件钩子'));
    const blur = document.querySelector('[data-prop="blur"]') as HTMLElement;
    expect(blur).toHaveTextContent('导入的函数文本(不会执行)');
    expect(blur).toHaveTextContent('({value}) => alert(value)');
  });

  it('labels every property of the advanced widgets', () => {
    for (const type of ['upload', 'slider', 'rate', 'switch', 'ueditor', 'map']) {
      const { unmount } = renderWithProviders(
        <ConfigPanel
          settings={{}}
          targets={[]}
          column={{ ...REGISTRY[type].create(), prop: 'x' } as Column}
          group={null}
          container="root"
          onChange={vi.fn()}
          onSetting={vi.fn()}
        />,
      );
      expect(document.body.textContent).not.toContain('form.design.');
      unmount();
    }
  });
});
