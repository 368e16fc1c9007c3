import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrowseNode } from '#src/api/deviceCollect';
import { renderWithProviders } from '#src/test/render';
import { type NodeItem, replaceChildren } from './AddressField';
import { StateBadge } from './SourceStatus';

const node = (nodeId: string): NodeItem => ({
  key: nodeId,
  title: nodeId,
  node: { nodeId, browseName: nodeId, displayName: nodeId, nodeClass: 'Object' } as BrowseNode,
});

describe('collector state badge', () => {
  it('names the states the collectors report and shows an unknown one as sent', () => {
    renderWithProviders(
      <div>
        <span data-testid="a">
          <StateBadge state="online" />
        </span>
        <span data-testid="b">
          <StateBadge state="offline" prefix="PLC-1 " />
        </span>
        <span data-testid="c">
          <StateBadge state="stopped" />
        </span>
        <span data-testid="d">
          <StateBadge state="paused" />
        </span>
      </div>,
    );
    expect(within(screen.getByTestId('a')).getByText('在线')).toBeInTheDocument();
    expect(within(screen.getByTestId('b')).getByText('PLC-1 离线')).toBeInTheDocument();
    expect(within(screen.getByTestId('c')).getByText('未采集')).toBeInTheDocument();
    expect(within(screen.getByTestId('d')).getByText('paused')).toBeInTheDocument();
  });
});

describe('OPC UA node browser', () => {
  it('puts a browsed level under its node, however deep', () => {
    const tree = [node('i=85'), { ...node('ns=2;s=R'), children: [node('ns=2;s=R.A')] }];
    const once = replaceChildren(tree, 'ns=2;s=R.A', [node('ns=2;s=R.A.T')]);
    expect(once[1].children?.[0].children?.map((c) => c.key)).toEqual(['ns=2;s=R.A.T']);
    expect(once[0]).toBe(tree[0]);
    const top = replaceChildren(once, 'i=85', [node('i=2253')]);
    expect(top[0].children?.map((c) => c.key)).toEqual(['i=2253']);
  });
});
