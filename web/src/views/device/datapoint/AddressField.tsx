import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PointFields, sourceSelectQuery } from '#src/api/deviceAdmin';
import { type BrowseNode, browseNodes, collectKeys } from '#src/api/deviceCollect';
import type { CrudFieldProps } from '#src/components/CrudPage';

const L = (key: string) => `device.datapoint.${key}`;

export interface NodeItem extends DataNode {
  node: BrowseNode;
}

const item = (node: BrowseNode): NodeItem => ({
  key: node.nodeId,
  title: (
    <span>
      {node.displayName}{' '}
      <Typography.Text type="secondary">
        {node.nodeId}
        {node.nodeClass === 'Variable' && node.value !== null ? ` = ${node.value}` : ''}
      </Typography.Text>
    </span>
  ),
  isLeaf: node.nodeClass === 'Variable',
  node,
});

/** The tree with `key`'s children set (the level just browsed). */
export function replaceChildren(items: NodeItem[], key: React.Key, children: NodeItem[]): NodeItem[] {
  return items.map((entry) =>
    entry.key === key
      ? { ...entry, children }
      : entry.children
        ? { ...entry, children: replaceChildren(entry.children as NodeItem[], key, children) }
        : entry,
  );
}

/** The OPC UA address space of a source, browsed level by level; a variable is picked as the address. */
function BrowseDialog({
  sourceId,
  onPick,
  onClose,
}: {
  sourceId: string;
  onPick: (nodeId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roots = useQuery({
    queryKey: collectKeys.of('browse', sourceId),
    queryFn: async () => (await browseNodes(sourceId)).map(item),
  });
  const [tree, setTree] = useState<NodeItem[] | null>(null);
  const [picked, setPicked] = useState<BrowseNode | null>(null);
  const items = tree ?? roots.data ?? [];
  return (
    <Modal
      open
      title={t(L('browseTitle'))}
      onCancel={onClose}
      okText={t(L('browseUse'))}
      okButtonProps={{ disabled: picked?.nodeClass !== 'Variable' }}
      onOk={() => picked && onPick(picked.nodeId)}
      width={640}
    >
      <div data-opcua-browse style={{ maxHeight: 420, overflow: 'auto' }}>
        <Tree<NodeItem>
          treeData={items}
          loadData={async (entry) => {
            if (entry.children) return;
            const children = (await browseNodes(sourceId, String(entry.key))).map(item);
            setTree(replaceChildren(items, entry.key, children));
          }}
          onSelect={(_keys, info) => setPicked(info.node.node)}
        />
        {roots.isLoading && <Typography.Text type="secondary">…</Typography.Text>}
      </div>
    </Modal>
  );
}

/** The point's address, with a node browser when its source is an OPC UA source. */
export function AddressField({ value, onChange, disabled, id, form }: CrudFieldProps<PointFields>) {
  const { t } = useTranslation();
  const sourceId = Form.useWatch('sourceId', form) as string | undefined;
  const sources = useQuery(sourceSelectQuery).data ?? [];
  const opcua = sources.some((s) => s.id === sourceId && ['opcua', 'opc-ua'].includes(s.type));
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={(value as string | undefined) ?? ''}
        disabled={disabled}
        maxLength={128}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {opcua && (
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {t(L('browse'))}
        </Button>
      )}
      {open && sourceId && (
        <BrowseDialog
          sourceId={sourceId}
          onClose={() => setOpen(false)}
          onPick={(nodeId) => {
            onChange?.(nodeId);
            setOpen(false);
          }}
        />
      )}
    </Space.Compact>
  );
}
