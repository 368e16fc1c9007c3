import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const dictionary = vi.hoisted(() => vi.fn());
vi.mock('#src/api/formAdmin', async (original) => ({
  ...(await original<object>()),
  fetchDictionary: dictionary,
  uploadFile: vi.fn(),
}));

import { renderWithProviders } from '#src/test/render';
import { parseOption } from '../io';
import { FormRenderer } from './FormRenderer';

/** The runtime renderer the preview and the fill screen share: the spec's messages, defaults, sub-tables. */
const OPTION = parseOption(
  JSON.stringify({
    column: [
      { type: 'input', prop: 'inspector', label: '巡检人', required: true },
      { type: 'input', prop: 'tag', label: '位号', pattern: '^[A-Z]-\\d+$', value: 'p1' },
      {
        type: 'radio',
        prop: 'state',
        label: '状态',
        required: true,
        dicData: [{ label: '运行', value: 'run' }],
      },
      {
        type: 'dynamic',
        prop: 'items',
        label: '检查表',
        children: { column: [{ type: 'input', prop: 'item', label: '检查项', required: true }] },
      },
    ],
    group: [{ label: '签字', prop: 'sign', column: [{ type: 'input', prop: 'boss', label: '主管' }] }],
  }),
);

describe('FormRenderer', () => {
  it('shows the spec messages and the preview defaults', async () => {
    const submit = vi.fn();
    renderWithProviders(<FormRenderer option={OPTION} onSubmit={submit} />);
    expect(screen.getByText('巡检人:')).toBeInTheDocument();
    expect(screen.getByText('签字')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('巡检人必须填写')).toBeInTheDocument();
    expect(await screen.findByText('位号格式不匹配')).toBeInTheDocument();
    expect(await screen.findByText('请选择状态')).toBeInTheDocument();
    expect(await screen.findByText('检查项必须填写')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits the values by prop, sub-table rows included', async () => {
    const submit = vi.fn();
    renderWithProviders(<FormRenderer option={OPTION} onSubmit={submit} initialValues={{ tag: 'P-101' }} />);
    fireEvent.change(screen.getByLabelText('巡检人:'), { target: { value: '王强' } });
    fireEvent.click(screen.getByLabelText('运行'));
    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    const cells = document.querySelectorAll('[data-sub-table] input');
    fireEvent.change(cells[0], { target: { value: '密封' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toMatchObject({
      inspector: '王强',
      tag: 'P-101',
      state: 'run',
      items: [{ item: '密封' }],
    });
  });
});

describe('FormRenderer event hooks', () => {
  const HOOKED = parseOption(
    JSON.stringify({
      column: [
        {
          type: 'radio',
          prop: 'state',
          label: '状态',
          dicData: [
            { label: '正常', value: 'ok' },
            { label: '故障', value: 'fault' },
          ],
          change: [
            { action: 'show', target: 'reason', equals: 'fault' },
            { action: 'require', target: 'reason', equals: 'fault' },
            { action: 'set', target: 'level', value: '3', equals: 'fault' },
          ],
        },
        { type: 'input', prop: 'reason', label: '原因', display: false },
        { type: 'number', prop: 'level', label: '等级' },
        {
          type: 'input',
          prop: 'code',
          label: '设备编码',
          blur: [{ action: 'fill', target: 'device', hookId: '7' }],
          click: '() => alert(1)',
        },
        { type: 'input', prop: 'device', label: '设备名称' },
      ],
    }),
  );

  it('shows, requires and sets fields on a change, and turns back when the value changes', async () => {
    const submit = vi.fn();
    renderWithProviders(<FormRenderer option={HOOKED} onSubmit={submit} />);
    expect(screen.queryByText('原因:')).toBeNull();
    fireEvent.click(screen.getByLabelText('故障'));
    expect(await screen.findByText('原因:')).toBeInTheDocument();
    expect(screen.getByLabelText('等级:')).toHaveValue('3');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('原因必须填写')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('正常'));
    await waitFor(() => expect(screen.queryByText('原因:')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toMatchObject({ state: 'ok', level: 3 });
  });

  it('fills a field from the item of a hook on blur, and runs no function text', async () => {
    dictionary.mockResolvedValue([{ label: '一号泵', value: 'P-1' }]);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderWithProviders(<FormRenderer option={HOOKED} onSubmit={vi.fn()} />);
    const code = screen.getByLabelText('设备编码:');
    fireEvent.click(code);
    fireEvent.change(code, { target: { value: 'P-1' } });
    fireEvent.blur(code);
    await waitFor(() => expect(screen.getByLabelText('设备名称:')).toHaveValue('一号泵'));
    expect(dictionary).toHaveBeenCalledWith('/api/form/formhook/getData/7');
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('FormRenderer advanced widgets', () => {
  const ADVANCED = parseOption(
    JSON.stringify({
      column: [
        { type: 'map', prop: 'at', label: '位置', required: true },
        { type: 'switch', prop: 'on', label: '启用', activeText: '是', inactiveText: '否', value: false },
        { type: 'slider', prop: 'load', label: '负荷', min: 0, max: 100, showInput: true },
        { type: 'rate', prop: 'score', label: '评分', max: 5, showText: true, texts: '差,一般,好,很好,极好' },
        { type: 'upload', prop: 'photo', label: '照片', limit: 2 },
      ],
    }),
  );

  it('fills a coordinate, a switch, a slider and a rate, and says 请输入X for an empty coordinate', async () => {
    const submit = vi.fn();
    renderWithProviders(<FormRenderer option={ADVANCED} onSubmit={submit} />);
    expect(screen.getByRole('button', { name: /上传/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入位置')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('经度'), { target: { value: '120.15' } });
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '30.28' } });
    fireEvent.change(screen.getByLabelText('地址'), { target: { value: '杭州' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('负荷'), { target: { value: '40' } });
    fireEvent.click(document.querySelectorAll('.ant-rate-star > div')[3]);
    expect(await screen.findByText('很好')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toMatchObject({
      at: [120.15, 30.28, '杭州'],
      on: true,
      load: 40,
      score: 4,
    });
  });
});
