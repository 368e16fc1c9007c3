import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceTreeNode } from '#src/api/deviceAdmin';
import { toTree } from '#src/api/deviceAdmin';
import type { CrudColumn } from '#src/components/CrudPage';
import { renderWithProviders } from '#src/test/render';
import { isJsonObject } from './datapoint/CollectGroups';
import { withAfter } from './datapoint/PointList';
import { inOrder } from './datapoint/pointColumns';
import { filterNodes, nodeTitle } from './device/DeviceTree';
import { StatusBadge } from './device/StatusBadge';
import { countStates, needingAttention, withStates } from './device/WarningView';

describe('point limits', () => {
  it('accepts limits that never decrease, blanks skipped', () => {
    expect(inOrder([1, 2, 3, 4])).toBe(true);
    expect(inOrder([undefined, 2, null, 2])).toBe(true);
    expect(inOrder(['', '', '', ''])).toBe(true);
    expect(inOrder([-5, '', 10])).toBe(true);
  });
  it('refuses a limit below one before it', () => {
    expect(inOrder([1, 0])).toBe(false);
    expect(inOrder([10, undefined, 5])).toBe(false);
    expect(inOrder([0, 1, 3, 2])).toBe(false);
  });
});

describe('point list columns', () => {
  it('puts a column right after another, or last when that one is missing', () => {
    const col = (prop: string): CrudColumn<Record<string, unknown>> => ({ prop, label: prop });
    const columns = [col('code'), col('name'), col('unit')];
    expect(withAfter(columns, 'name', col('alarm')).map((c) => c.prop)).toEqual([
      'code',
      'name',
      'alarm',
      'unit',
    ]);
    expect(withAfter(columns, 'nope', col('alarm')).map((c) => c.prop)).toEqual([
      'code',
      'name',
      'unit',
      'alarm',
    ]);
  });
});

describe('protocol settings', () => {
  it('takes a JSON object or nothing', () => {
    expect(isJsonObject('')).toBe(true);
    expect(isJsonObject(undefined)).toBe(true);
    expect(isJsonObject('{"host":"10.0.0.5","port":502}')).toBe(true);
    expect(isJsonObject('[1,2]')).toBe(false);
    expect(isJsonObject('null')).toBe(false);
    expect(isJsonObject('{host:1}')).toBe(false);
  });
});

describe('trees', () => {
  it('builds a forest from parentId, keeping order; unknown parents are roots', () => {
    const rows = [
      { id: '1', parentId: '0', name: 'agitator' },
      { id: '2', parentId: '1', name: 'motor' },
      { id: '3', parentId: '1', name: 'gearbox' },
      { id: '4', parentId: '99', name: 'orphan' },
      { id: '5', parentId: null, name: 'jacket' },
    ];
    const tree = toTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['agitator', 'orphan', 'jacket']);
    expect(tree[0].children?.map((n) => n.name)).toEqual(['motor', 'gearbox']);
    expect(rows[0]).not.toHaveProperty('children');
  });

  it('filters the side tree by text, keeping ancestors', () => {
    const node = (key: string, title: string, children: never[] = []) =>
      ({ id: key, key, title, name: title, type: 'dept', parentId: '0', children }) as never;
    const nodes = [node('a', 'Plant', [node('b', 'Pump P-101'), node('c', 'Reactor R-1')] as never)];
    const found = filterNodes(nodes, 'pump');
    expect(found).toHaveLength(1);
    expect(found[0].children?.map((n) => n.title)).toEqual(['Pump P-101']);
    expect(filterNodes(nodes, 'nothing')).toEqual([]);
    expect(filterNodes(nodes, '')).toBe(nodes);
  });

  it('shows and filters the platform-named holder nodes by their English title in English mode', () => {
    const holder: DeviceTreeNode = {
      id: '0',
      key: 'model:0',
      title: '无模型',
      titleEn: 'No model',
      name: '无模型',
      type: 'model',
      code: null,
      parentId: '0',
      children: [],
    };
    expect(nodeTitle(holder, true)).toBe('No model');
    expect(nodeTitle(holder, false)).toBe('无模型');
    expect(filterNodes([holder], 'no model', true)).toHaveLength(1);
    expect(filterNodes([holder], 'no model', false)).toEqual([]);
  });
});

describe('run states', () => {
  const device = (id: string, code: string) => ({ id, code, name: code, modelName: null });
  const devices = withStates(
    [
      device('1', 'P-2'),
      device('2', 'R-1'),
      device('3', 'P-1'),
      device('4', 'A-1'),
      device('5', 'X-1'),
      device('6', 'Y-1'),
    ],
    {
      '1': { deviceId: '1', status: 'offline', lastTs: 1 },
      '2': { deviceId: '2', status: 'online', lastTs: null },
      '3': { deviceId: '3', status: 'fault', lastTs: null },
      '4': { deviceId: '4', status: 'offline', lastTs: null },
      '5': { deviceId: '5', status: 'maintenance', lastTs: null },
    },
  );
  it('joins the states to the devices by id', () => {
    expect(devices[0]).toMatchObject({ code: 'P-2', status: 'offline', lastTs: 1 });
    expect(devices[5].status).toBeUndefined();
  });
  it('counts the known states', () => {
    expect(countStates(devices)).toEqual({ online: 1, offline: 2, fault: 1 });
  });
  it('lists faults first, then offline devices, by code', () => {
    expect(needingAttention(devices).map((d) => d.code)).toEqual(['P-1', 'A-1', 'P-2']);
  });
  it('renders known states translated and unknown ones as sent', () => {
    renderWithProviders(
      <div>
        <span data-testid="a">
          <StatusBadge value="fault" />
        </span>
        <span data-testid="b">
          <StatusBadge value="maintenance" />
        </span>
        <span data-testid="c">
          <StatusBadge />
        </span>
      </div>,
    );
    expect(within(screen.getByTestId('a')).getByText('故障')).toBeInTheDocument();
    expect(within(screen.getByTestId('b')).getByText('maintenance')).toBeInTheDocument();
    expect(within(screen.getByTestId('c')).getByText('未知')).toBeInTheDocument();
  });
});
