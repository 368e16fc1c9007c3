import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toTree } from '#src/api/deviceAdmin';
import { renderWithProviders } from '#src/test/render';
import { isJsonObject } from './datapoint/CollectGroups';
import { inOrder } from './datapoint/pointColumns';
import { filterNodes } from './device/DeviceTree';
import { StatusBadge } from './device/StatusBadge';
import { countStates, needingAttention } from './device/WarningView';

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
});

describe('run states', () => {
  const devices = [
    { code: 'P-2', runStatus: 'offline' },
    { code: 'R-1', runStatus: 'online' },
    { code: 'P-1', runStatus: 'fault' },
    { code: 'A-1', runStatus: 'offline' },
    { code: 'X-1', runStatus: 'maintenance' },
    { code: 'Y-1', runStatus: null },
  ];
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
