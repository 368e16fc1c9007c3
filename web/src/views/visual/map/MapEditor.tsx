import './map.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Menu, Switch } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postBladeApiVisualDataByName } from '#src/api/generated/client';
import { type LiveValue, REALTIME_TOPIC } from '#src/api/live';
import {
  type Dot,
  deleteDot,
  fetchDots,
  type MapRead,
  saveDot,
  type TagRead,
  visualKeys,
} from '#src/api/visual';
import { confirm, toast } from '#src/app/feedback';
import { useLive } from '#src/app/useLive';
import { useAccess } from '#src/components/Access';
import { DotDialog } from './DotDialog';
import { MapView } from './MapView';

const POLL_MS = 5_000;

/** The tags the dots are bound to (DataByName by their tag names), patched by the live channel. */
function useDotTags(dots: Dot[] | undefined) {
  const names = useMemo(
    () =>
      [
        ...new Set(
          (dots ?? []).flatMap((d) =>
            d.content.mapTagData.SCADAData.map((r) => r.tagName).filter((n): n is string => !!n),
          ),
        ),
      ].sort(),
    [dots],
  );
  const queryKey = visualKeys.of('dotTags', names);
  const query = useQuery({
    queryKey,
    enabled: names.length > 0,
    queryFn: async () =>
      (
        await postBladeApiVisualDataByName({
          proType: [],
          Scada: names.map((n) => ({ ScadaName: n })),
        } as never)
      ).data?.scada ?? [],
  });
  const ids = useMemo(() => (query.data ?? []).map((t) => t.pointId), [query.data]);
  const live = useLive<LiveValue>(REALTIME_TOPIC, {
    keys: ids,
    queryKey,
    enabled: ids.length > 0,
    apply: (old, events) => {
      const tags = old as TagRead[] | undefined;
      if (!tags) return old;
      const newest = new Map(events.map((e) => [e.pointId, e]));
      return tags.map((t) => {
        const v = newest.get(t.pointId);
        return v
          ? {
              ...t,
              value: v.textValue ?? v.value,
              useData: v.value == null && v.textValue == null ? '1' : v.quality ? 'N' : 'Y',
            }
          : t;
      });
    },
  });
  const refetch = query.refetch;
  useEffect(() => {
    if (live || names.length === 0) return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, names.length, refetch]);
  return useMemo(() => new Map((query.data ?? []).map((t) => [t.pointId, t])), [query.data]);
}

/**
 * A map's dots on its image: editing mode drags dots and places new ones; the right-click menu offers edit,
 * details and delete (edit and delete only while editing); a dot is green or red from its tags' live values.
 */
export function MapEditor({ map }: { map: MapRead }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dotsKey = visualKeys.of('dots', map.id);
  const dots = useQuery({ queryKey: dotsKey, queryFn: () => fetchDots(map.id) });
  const tags = useDotTags(dots.data);
  const can = useAccess();
  const canEdit = can('map_edit') || can('map_add');
  const [editing, setEditing] = useState(false);
  const [menu, setMenu] = useState<{ dot: Dot; x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<{ dot?: Dot; mode: 'edit' | 'view'; x?: number; y?: number } | null>(
    null,
  );

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: visualKeys.all }),
    [queryClient],
  );

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    return () => window.removeEventListener('click', close);
  }, [menu]);

  const onMove = useCallback(
    async (dot: Dot, x: number, y: number) => {
      const p = dot.content.position;
      try {
        await saveDot({
          id: dot.id,
          mapId: map.id,
          content: { ...dot.content, position: { ...p, clientX: x * p.scaleW, clientY: y * p.scaleH } },
        });
      } catch (error) {
        console.error('dot move failed', error); // spec §8: dot helper failures are only logged
      }
      void reload();
    },
    [map.id, reload],
  );

  const remove = async (dot: Dot) => {
    if (!(await confirm(t('visual.map.deleteConfirm'), { title: t('common.tip'), danger: true }))) {
      toast.warning(t('visual.map.deleteCancelled'));
      return;
    }
    toast.success(await deleteDot(dot.id));
    void reload();
  };

  const items = menu
    ? [
        ...(editing ? [{ key: 'edit', label: t('visual.map.edit') }] : []),
        { key: 'details', label: t('visual.map.details') },
        ...(editing ? [{ key: 'delete', label: t('visual.map.delete'), danger: true }] : []),
      ]
    : [];

  return (
    <Card
      title={map.mapName}
      extra={
        canEdit && (
          <span>
            {t('visual.map.editing')}{' '}
            <Switch checked={editing} onChange={setEditing} data-testid="map-editing" />
          </span>
        )
      }
    >
      {editing && (
        <Alert type="info" showIcon message={t('visual.map.addHint')} style={{ marginBottom: 12 }} />
      )}
      <div style={{ maxWidth: 1400, margin: '0 auto' }} data-testid="map-editor">
        <MapView
          imageUrl={map.imageUrl}
          dots={dots.data ?? []}
          tags={tags}
          editing={editing}
          onMove={onMove}
          onPlace={(x, y) => setDialog({ mode: 'edit', x, y })}
          onContextMenu={(dot, e) => {
            e.preventDefault();
            setMenu({ dot, x: e.clientX, y: e.clientY });
          }}
        />
      </div>
      {menu && (
        <div className="vm-menu" style={{ left: menu.x, top: menu.y }} data-testid="dot-menu">
          <Menu
            items={items}
            onClick={({ key }) => {
              const dot = menu.dot;
              setMenu(null);
              if (key === 'delete') void remove(dot);
              else setDialog({ dot, mode: key === 'edit' ? 'edit' : 'view' });
            }}
            style={{ boxShadow: '0 6px 16px rgba(0,0,0,0.2)', borderRadius: 6 }}
          />
        </div>
      )}
      {dialog && (
        <DotDialog
          mapId={map.id}
          dot={dialog.dot}
          mode={dialog.mode}
          at={dialog.x == null ? undefined : { x: dialog.x, y: dialog.y ?? 0 }}
          tags={tags}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}
