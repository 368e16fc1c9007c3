import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchDesign, publishDesign, saveDesign } from '#src/api/formAdmin';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useSession } from '#src/app/stores/session';
import { useAccess } from '#src/components/Access';
import { findColumn, isEmpty, topLevel } from '#src/designer/commands';
import { canDrop, type DragItem, type DropTarget, dropCommand } from '#src/designer/drop';
import { historyKey, MAX_STEP } from '#src/designer/history';
import { exportOption, parseOption } from '#src/designer/io';
import { baseOf, dropHistory, readHistory, storageKey, writeHistory } from '#src/designer/storage';
import { createDesignerStore, type Outcome } from '#src/designer/store';
import type { NodeRef } from '#src/designer/types';
import { Canvas } from './Canvas';
import { ConfigPanel } from './ConfigPanel';
import { Palette } from './Palette';
import { type CanvasAction, CanvasToolbar, DesignBar, type DesignMeta } from './Toolbars';
import './designer.css';
import { formKeys } from '#src/api/formAdmin';

const L = (key: string) => `form.design.${key}`;

// The runtime renderer (and its date, upload, table controls) loads with the preview, not with the designer.
const FormRenderer = lazyChunk(() =>
  import('#src/designer/runtime/FormRenderer').then((m) => ({ default: m.FormRenderer })),
);

/** Whether the pointer (else the dragged item's centre) is past the middle of the target: below it, or right
 * of it on its row. */
function isAfter({ active, activatorEvent, delta, over }: DragEndEvent): boolean {
  const target = over?.rect;
  if (!target) return false;
  const start = activatorEvent as PointerEvent | null;
  const dragged = active.rect.current.translated;
  const [x, y] =
    start && 'clientX' in start
      ? [start.clientX + delta.x, start.clientY + delta.y]
      : dragged
        ? [dragged.left + dragged.width / 2, dragged.top + dragged.height / 2]
        : [0, 0];
  const sameRow = y >= target.top && y <= target.top + target.height;
  return sameRow ? x > target.left + target.width / 2 : y > target.top + target.height / 2;
}

// One object for the page's life: new sensor options would give dnd-kit new activators, and so a new context
// to every draggable card on each render of the page.
const POINTER = { activationConstraint: { distance: 4 } };

/** Text inputs keep their own undo: the designer's keys act only outside them. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

/**
 * 表单设计 (/form/design): palette, canvas and config panel over the designer core (src/designer). A form is
 * opened from its design (`?id=`) or started new; Save stores the draft, Publish makes it the next version.
 */
export default function FormDesignPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const designId = params.get('id') ?? undefined;
  const designer = useMemo(() => createDesignerStore(), []);
  const state = useSyncExternalStore(designer.store.subscribe, designer.store.getState);
  const form = state.history.steps[state.history.index];
  const [meta, setMeta] = useState<DesignMeta>({ name: '' });
  const [dialog, setDialog] = useState<'import' | 'json' | 'preview' | null>(null);
  const [importText, setImportText] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The history kept in localStorage for this design (storage.ts): restored on load, written shortly after
  // each change (and when the page goes), dropped on save. `base` is the saved content it grew from.
  const tenantId = useSession((s) => s.tenantId);
  const key = storageKey(tenantId, designId);
  const base = useRef('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen = designer.store.getState().history;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      writeHistory(key, base.current, designer.store.getState().history);
    };
    const unsubscribe = designer.store.subscribe(({ history }) => {
      if (history === seen) return;
      seen = history;
      clearTimeout(timer);
      timer = setTimeout(flush, 300);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      if (timer) flush();
    };
  }, [designer, key]);

  useEffect(() => {
    if (!designId) {
      base.current = '';
      designer.load({ column: [] }, readHistory(key, '', MAX_STEP));
      setMeta({ name: '' });
      return;
    }
    let live = true;
    fetchDesign(designId).then((design) => {
      if (!live) return;
      base.current = baseOf(design.content);
      designer.load(parseOption(design.content), readHistory(key, base.current, MAX_STEP));
      setMeta({
        name: design.name,
        catalogueId: design.catalogueId,
        status: design.status,
        version: design.version,
      });
    });
    return () => {
      live = false;
    };
  }, [designId, designer, key]);

  const report = useCallback(
    (outcome: Outcome) => {
      if (!outcome.ok) toast.error(t(outcome.key));
    },
    [t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target)) return;
      const command = historyKey(e);
      if (!command) return;
      e.preventDefault();
      designer[command]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [designer]);

  const sensors = useSensors(useSensor(PointerSensor, POINTER));

  /** The innermost legal drop target under the pointer: a sub-table inside a card wins over the card. */
  const collision: CollisionDetection = useCallback((args) => {
    const drag = args.active.data.current as DragItem | undefined;
    const legal = args.droppableContainers.filter((c) => {
      const drop = c.data.current as DropTarget | undefined;
      return c.id !== args.active.id && drag !== undefined && drop !== undefined && canDrop(drag, drop);
    });
    const within = pointerWithin({ ...args, droppableContainers: legal });
    if (within.length === 0) return closestCenter({ ...args, droppableContainers: legal });
    const area = (id: string | number) => {
      const rect = args.droppableRects.get(id);
      return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
    };
    return [...within].sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
  }, []);

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as DragItem;
    setDragging(
      data.kind === 'palette'
        ? t(L(`w_${data.type}`))
        : data.kind === 'group'
          ? (form.group?.find((g) => g.prop === data.prop)?.label ?? '')
          : (findColumn(form, data.ref)?.label ?? ''),
    );
  };

  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const { active, over } = event;
    if (!over) return;
    const drag = active.data.current as DragItem;
    const next = dropCommand(form, drag, over.data.current as DropTarget, isAfter(event));
    if (next?.command === 'add')
      report(designer.add(next.type, next.container, next.index, t(L(`w_${next.type}`))));
    else if (next?.command === 'move') report(designer.move(next.ref, next.container, next.index));
    else if (next?.command === 'moveGroup') report(designer.moveGroup(next.prop, next.index));
  };

  const pick = useCallback(
    (type: string) => report(designer.add(type, 'root', undefined, t(L(`w_${type}`)))),
    [designer, report, t],
  );
  const duplicate = useCallback((ref: NodeRef) => report(designer.duplicate(ref)), [designer, report]);
  const moveGroup = useCallback(
    (prop: string, index: number) => report(designer.moveGroup(prop, index)),
    [designer, report],
  );
  const removeField = useCallback((ref: NodeRef) => report(designer.remove(ref)), [designer, report]);

  const selected = state.selected;
  const changeProperty = useCallback(
    (key: string, value: unknown) => {
      const ref = designer.store.getState().selected;
      if (ref) report(designer.update(ref, key, value));
    },
    [designer, report],
  );
  const changeSetting = useCallback(
    (key: string, value: unknown) => report(designer.updateSettings(key, value)),
    [designer, report],
  );
  // The settings tab reads these only: a field's change leaves the panel's props as they were.
  const { labelPosition, labelWidth, labelSuffix, gutter, detail, disabled } = form;
  const settings = useMemo(
    () => ({ labelPosition, labelWidth, labelSuffix, gutter, detail, disabled }),
    [labelPosition, labelWidth, labelSuffix, gutter, detail, disabled],
  );
  // The event-hook editor's fields: a new list only when a prop or a label changed, so an undo elsewhere
  // leaves the config panel as it was.
  const targetText = JSON.stringify(topLevel(form).map((c) => [c.prop, c.label || c.prop]));
  const targets = useMemo(
    () => (JSON.parse(targetText) as string[][]).map(([prop, label]) => ({ prop, label })),
    [targetText],
  );
  const group =
    selected?.container === 'root'
      ? ((form.group ?? []).find((g) => g.prop === selected.prop) ?? null)
      : null;
  const column = selected && !group ? (safeFind(form, selected) ?? null) : null;

  const preview = () => (isEmpty(form) ? toast.error(t(L('nothingToShow'))) : setDialog('preview'));
  const clear = async () => {
    if (isEmpty(form)) {
      toast.error(t(L('nothingToClear')));
      return;
    }
    if (await confirm(t(L('clearConfirm')))) report(designer.clear());
  };
  const copyJson = async () => {
    try {
      await navigator.clipboard.writeText(exportOption(form));
      toast.success(t(L('copySuccess')));
    } catch {
      toast.error(t(L('copyFailure')));
    }
  };

  const save = async (): Promise<string | undefined> => {
    if (!meta.name.trim()) {
      toast.error(t(L('nameRequired')));
      return undefined;
    }
    setBusy(true);
    try {
      const saved = await saveDesign({
        id: designId,
        name: meta.name.trim(),
        catalogueId: meta.catalogueId,
        content: exportOption(form),
      } as never);
      setMeta((m) => ({ ...m, status: saved.status, version: saved.version }));
      dropHistory(key);
      base.current = baseOf(saved.content);
      void queryClient.invalidateQueries({ queryKey: formKeys.all });
      if (!designId) setParams({ id: saved.id }, { replace: true });
      toast.success(t(L('saved')));
      return saved.id;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    const id = await save();
    if (!id) return;
    const version = await publishDesign(id);
    setMeta((m) => ({ ...m, status: 1, version: version.version }));
    void queryClient.invalidateQueries({ queryKey: formKeys.all });
    toast.success(`${t(L('published'))} v${version.version}`);
  };

  // The bars are memoised: their callbacks stay the same and do what the latest render's functions do.
  const latest = useRef({ save, publish, preview, clear });
  latest.current = { save, publish, preview, clear };
  const onSave = useCallback(() => void latest.current.save(), []);
  const onPublish = useCallback(() => void latest.current.publish(), []);
  const open = useCallback((id?: string) => setParams(id ? { id } : {}), [setParams]);
  const onAction = useCallback(
    (action: CanvasAction) => {
      if (action === 'undo' || action === 'redo') designer[action]();
      else if (action === 'preview') latest.current.preview();
      else if (action === 'clear') void latest.current.clear();
      else setDialog(action);
    },
    [designer],
  );

  return (
    <div className="pd-designer" data-designer>
      <DesignBar
        designId={designId}
        meta={meta}
        onMeta={setMeta}
        onOpen={open}
        canSave={can(designId ? 'design_edit' : 'design_add')}
        busy={busy}
        onSave={onSave}
        onPublish={onPublish}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
      >
        <div className="pd-designer-main">
          <div className="pd-designer-pane">
            <Palette onPick={pick} />
          </div>
          <div className="pd-designer-pane">
            <CanvasToolbar
              canUndo={state.history.index > 0}
              canRedo={state.history.index < state.history.steps.length - 1}
              onAction={onAction}
            />
            <Canvas
              form={form}
              selected={selected}
              sorting={dragging !== null}
              onSelect={designer.select}
              onDuplicate={duplicate}
              onRemove={removeField}
              onMoveGroup={moveGroup}
            />
          </div>
          <div className="pd-designer-pane">
            <ConfigPanel
              settings={settings}
              targets={targets}
              column={column}
              group={group}
              container={selected?.container ?? null}
              onChange={changeProperty}
              onSetting={changeSetting}
            />
          </div>
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging !== null ? <div className="pd-palette-item">{dragging}</div> : null}
        </DragOverlay>
      </DndContext>

      <Modal
        open={dialog === 'import'}
        title={t(L('importJson'))}
        onCancel={() => setDialog(null)}
        onOk={() => {
          report(designer.importJson(importText));
          setDialog(null);
          setImportText('');
        }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={14}
          value={importText}
          onChange={(e) => setImportText(e.target.value)}
          placeholder={t(L('importPlaceholder'))}
          aria-label={t(L('importJson'))}
        />
      </Modal>
      <Modal
        open={dialog === 'json'}
        title={t(L('generateJson'))}
        onCancel={() => setDialog(null)}
        footer={
          <Button type="primary" onClick={() => void copyJson()}>
            {t(L('copy'))}
          </Button>
        }
        width={720}
      >
        <pre className="pd-json" data-json>
          {dialog === 'json' && exportOption(form)}
        </pre>
      </Modal>
      <Modal
        open={dialog === 'preview'}
        title={t(L('preview'))}
        onCancel={() => setDialog(null)}
        footer={null}
        width={900}
        destroyOnHidden
      >
        <Suspense fallback={null}>
          <FormRenderer
            option={form}
            onSubmit={(values) => {
              Modal.info({
                title: t(L('preview')),
                content: <pre className="pd-json">{JSON.stringify(values, null, 2)}</pre>,
              });
            }}
          />
        </Suspense>
      </Modal>
    </div>
  );
}

function safeFind(form: Parameters<typeof findColumn>[0], ref: NodeRef) {
  try {
    return findColumn(form, ref);
  } catch {
    return undefined;
  }
}
