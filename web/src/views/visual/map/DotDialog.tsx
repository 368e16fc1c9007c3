import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBladeApiVisualDataProType } from '#src/api/generated/client';
import {
  type Dot,
  type DotContent,
  fetchDeps,
  fetchTags,
  saveDot,
  type TagRead,
  visualKeys,
} from '#src/api/visual';
import { toast } from '#src/app/feedback';
import { DEFAULT_LABEL } from './MapView';

/** Spec §2: the dialog's tables scroll past 230 px. */
const TABLE_MAX_HEIGHT = 230;
const SCALE_W = 1600;
const SCALE_H = 900;

type Scada = DotContent['mapTagData']['SCADAData'][number] & { deviceId?: string };
type Busi = DotContent['mapTagData']['busiData'][number];
type Tip = DotContent['tipsData'][number];

const state = (useData: string | undefined) => (
  <Tag color={useData === 'Y' ? 'green' : 'red'} data-use-data={useData}>
    {useData ?? '1'}
  </Tag>
);

/** One SCADA row's tag picker: a device, then one of its points. */
function TagPicker({
  row,
  disabled,
  onChange,
}: {
  row: Scada;
  disabled: boolean;
  onChange: (row: Scada) => void;
}) {
  const deps = useQuery({ queryKey: visualKeys.of('deps'), queryFn: fetchDeps, staleTime: 60_000 });
  const tags = useQuery({
    queryKey: visualKeys.of('tags', row.deviceId ?? ''),
    queryFn: () => fetchTags(row.deviceId as string),
    enabled: !!row.deviceId,
  });
  return (
    <div style={{ display: 'flex', gap: 6 }}>
      <Select
        style={{ width: 180 }}
        disabled={disabled}
        showSearch
        optionFilterProp="label"
        value={row.deviceId ?? (row.depart || undefined)}
        options={(deps.data ?? []).map((d) => ({ value: d.deviceId, label: d.depart }))}
        onChange={(deviceId: string) => onChange({ ...row, deviceId, pointId: null, tagName: null })}
        data-testid="dot-device"
      />
      <Select
        style={{ width: 200 }}
        disabled={disabled}
        showSearch
        optionFilterProp="label"
        value={row.pointId ?? undefined}
        options={(
          tags.data ?? (row.pointId ? [{ pointId: row.pointId, monitor: row.monitor ?? row.tagName }] : [])
        ).map((t) => ({ value: t.pointId, label: t.monitor ?? '' }))}
        onChange={(pointId: string) => {
          const tag = tags.data?.find((t) => t.pointId === pointId);
          onChange({
            ...row,
            pointId,
            tagName: tag?.tagName ?? null,
            monitor: tag?.monitor ?? null,
            depart: tag?.depart ?? row.depart,
          });
        }}
        data-testid="dot-tag"
      />
    </div>
  );
}

/**
 * The dot dialog (spec §2 map-dot view): view mode read-only, edit mode saves through addDot / updateById with
 * the spec §5 checks answered by the server. A new dot is placed where the map was clicked.
 */
export function DotDialog({
  mapId,
  dot,
  mode,
  at,
  tags,
  onClose,
  onSaved,
}: {
  mapId: string;
  dot?: Dot;
  mode: 'edit' | 'view';
  at?: { x: number; y: number };
  tags: Map<string, TagRead>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const L = (key: string) => t(`visual.map.${key}`);
  const view = mode === 'view';
  const content = dot?.content;
  const [name, setName] = useState(content?.mapTagData.name ?? '');
  const [busi, setBusi] = useState<Busi[]>(content?.mapTagData.busiData ?? []);
  const [scada, setScada] = useState<Scada[]>(content?.mapTagData.SCADAData ?? []);
  const [tips, setTips] = useState<Tip[]>(content?.tipsData ?? []);
  const [saving, setSaving] = useState(false);
  const types = useQuery({
    queryKey: visualKeys.of('proType'),
    queryFn: async () => (await getBladeApiVisualDataProType()).data ?? [],
    staleTime: 60_000,
  });

  const save = async () => {
    setSaving(true);
    try {
      const position = content?.position ?? {
        clientX: (at?.x ?? 0.5) * SCALE_W,
        clientY: (at?.y ?? 0.5) * SCALE_H,
        scaleW: SCALE_W,
        scaleH: SCALE_H,
      };
      const { msg } = await saveDot({
        id: dot?.id,
        mapId,
        content: {
          uid: content?.uid ?? '',
          position,
          mapTagData: { name, busiData: busi, SCADAData: scada.map(({ deviceId: _, ...row }) => row) },
          tipsData: tips,
        },
      });
      toast.success(msg);
      onSaved();
    } catch (error) {
      // The server's spec §5 message is already shown by the console's request layer.
      console.error('dot save failed', error);
    } finally {
      setSaving(false);
    }
  };

  const rowButton = (onClick: () => void) =>
    !view && (
      <Button size="small" onClick={onClick}>
        {L('addRow')}
      </Button>
    );
  const removeColumn = <R,>(list: R[], set: (rows: R[]) => void) =>
    view
      ? []
      : [
          {
            key: 'x',
            width: 60,
            render: (_: unknown, __: R, i: number) => (
              <Button size="small" type="link" danger onClick={() => set(list.filter((_, j) => j !== i))}>
                {L('delete')}
              </Button>
            ),
          },
        ];
  const patch = <R,>(list: R[], set: (rows: R[]) => void, i: number, row: Partial<R>) =>
    set(list.map((r, j) => (j === i ? { ...r, ...row } : r)));

  return (
    <Modal
      open
      width={980}
      title={view ? L('dotView') : L('dotEdit')}
      onCancel={onClose}
      onOk={view ? onClose : save}
      okButtonProps={{ loading: saving }}
      cancelButtonProps={{ style: view ? { display: 'none' } : undefined }}
      destroyOnHidden
    >
      <Form layout="vertical" disabled={view}>
        <Form.Item label={L('name')} required>
          <Input
            value={name}
            placeholder={DEFAULT_LABEL}
            onChange={(e) => setName(e.target.value)}
            data-testid="dot-name"
          />
        </Form.Item>
        <Form.Item
          label={L('busiData')}
          extra={rowButton(() =>
            setBusi([...busi, { busiType: '', busiName: '', aliasName: '', useData: '1', busiApiList: [] }]),
          )}
        >
          <Table<Busi>
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            scroll={{ y: TABLE_MAX_HEIGHT }}
            dataSource={busi}
            columns={[
              {
                title: L('busiType'),
                render: (_, r, i) => (
                  <Select
                    style={{ width: 200 }}
                    value={r.busiName || undefined}
                    options={(types.data ?? []).map((p) => ({ value: p.typeName, label: p.typeName }))}
                    onChange={(v: string) => patch(busi, setBusi, i, { busiType: 'proType', busiName: v })}
                    disabled={view}
                  />
                ),
              },
              {
                title: L('aliasName'),
                render: (_, r, i) => (
                  <Input
                    value={r.aliasName ?? ''}
                    disabled={view}
                    onChange={(e) => patch(busi, setBusi, i, { aliasName: e.target.value })}
                  />
                ),
              },
              { title: L('useData'), width: 80, render: (_, r) => state(r.useData) },
              ...removeColumn(busi, setBusi),
            ]}
          />
        </Form.Item>
        <Form.Item
          label={L('scadaData')}
          extra={rowButton(() =>
            setScada([...scada, { monitor: null, depart: null, tagName: null, pointId: null, useData: '1' }]),
          )}
        >
          <Table<Scada>
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            scroll={{ y: TABLE_MAX_HEIGHT }}
            dataSource={scada}
            data-testid="dot-scada"
            columns={[
              {
                title: `${L('depart')} / ${L('tagName')}`,
                render: (_, r, i) => (
                  <TagPicker row={r} disabled={view} onChange={(row) => patch(scada, setScada, i, row)} />
                ),
              },
              { title: L('tagName'), render: (_, r) => r.tagName },
              {
                title: L('value'),
                render: (_, r) => {
                  const tag = r.pointId ? tags.get(r.pointId) : undefined;
                  return tag?.value == null ? '-' : `${tag.value}${tag.unit ? ` ${tag.unit}` : ''}`;
                },
              },
              {
                title: L('useData'),
                width: 80,
                render: (_, r) => state(r.pointId ? (tags.get(r.pointId)?.useData ?? r.useData) : r.useData),
              },
              ...removeColumn(scada, setScada),
            ]}
          />
        </Form.Item>
        <Form.Item label={L('tipsData')} extra={rowButton(() => setTips([...tips, { name: '', value: '' }]))}>
          <Table<Tip>
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            scroll={{ y: TABLE_MAX_HEIGHT }}
            dataSource={tips}
            columns={[
              {
                title: L('tipName'),
                render: (_, r, i) => (
                  <Input
                    value={r.name}
                    disabled={view}
                    onChange={(e) => patch(tips, setTips, i, { name: e.target.value })}
                  />
                ),
              },
              {
                title: L('tipValue'),
                render: (_, r, i) => (
                  <Input
                    value={r.value}
                    disabled={view}
                    onChange={(e) => patch(tips, setTips, i, { value: e.target.value })}
                  />
                ),
              },
              ...removeColumn(tips, setTips),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
