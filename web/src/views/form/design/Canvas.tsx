import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Tooltip } from 'antd';
import { createContext, memo, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column, Container, FormOption, Group, NodeRef } from '#src/designer/types';

/**
 * The centre canvas: the form's columns, then its groups, each a drop container; a sub-table is a card holding
 * its own container. Cards are light stand-ins for the widgets (the preview renders the real ones), so a form
 * of a few hundred fields still drags smoothly.
 */

export const fieldId = (ref: NodeRef) => `field:${ref.container}|${ref.prop}`;
export const containerId = (container: Container) => `container:${container}`;
export const groupId = (prop: string) => `group:${prop}`;

/**
 * The sortable lists' items: the real ids only while something is dragged. Between drags a command (an undo,
 * a redo, a drop) changes the list, and a new list would re-render every sortable card of the container;
 * with one unchanging empty list only the cards that changed render (the budget of 16 ms on 200 fields).
 * A drag's start hands the lists their ids, and dnd-kit measures them then.
 */
const IDLE: string[] = [];
// Whether a drag is on: set by the page at a drag's start and end only (dnd-kit's own context changes with
// every pointer move, and reading it here would re-render the containers on each one).
const SortingContext = createContext(false);
function useSortableItems(items: string[]): string[] {
  return useContext(SortingContext) ? items : IDLE;
}

interface Actions {
  onSelect: (ref: NodeRef) => void;
  onDuplicate: (ref: NodeRef) => void;
  onRemove: (ref: NodeRef) => void;
  /** Move a group to another place among the groups. */
  onMoveGroup: (prop: string, index: number) => void;
}

// The card actions are stable for the canvas's life: in a context, so an unchanged card skips re-rendering.
const ActionsContext = createContext<Actions>({
  onSelect: () => {},
  onDuplicate: () => {},
  onRemove: () => {},
  onMoveGroup: () => {},
});

export function Canvas({
  form,
  selected,
  sorting,
  onSelect,
  onDuplicate,
  onRemove,
  onMoveGroup,
}: { form: FormOption; selected: NodeRef | null; sorting: boolean } & Actions) {
  const { t } = useTranslation();
  const actions = useMemo(
    () => ({ onSelect, onDuplicate, onRemove, onMoveGroup }),
    [onSelect, onDuplicate, onRemove, onMoveGroup],
  );
  const groups = form.group ?? [];
  const empty = form.column.length === 0 && (form.group?.length ?? 0) === 0;
  return (
    <ActionsContext.Provider value={actions}>
      <SortingContext.Provider value={sorting}>
        <div data-canvas>
          <DropContainer
            container="root"
            columns={form.column}
            selected={selected}
            className="pd-container-root"
          >
            {empty && <div className="pd-empty">{t('form.design.empty')}</div>}
          </DropContainer>
          <Groups groups={groups} selected={selected} />
        </div>
      </SortingContext.Provider>
    </ActionsContext.Provider>
  );
}

function Groups({ groups, selected }: { groups: Group[]; selected: NodeRef | null }) {
  const ids = useMemo(() => groups.map((g) => groupId(g.prop)), [groups]);
  return (
    <SortableContext items={useSortableItems(ids)} strategy={verticalListSortingStrategy}>
      {groups.map((group, index) => (
        <GroupSection
          key={group.prop}
          group={group}
          index={index}
          last={index === groups.length - 1}
          selected={selected}
        />
      ))}
    </SortableContext>
  );
}

function GroupSection({
  group,
  index,
  last,
  selected: current,
}: {
  group: Group;
  index: number;
  last: boolean;
  selected: NodeRef | null;
}) {
  const { t } = useTranslation();
  const handlers = useContext(ActionsContext);
  const ref: NodeRef = { container: 'root', prop: group.prop };
  const selected = current?.container === 'root' && current.prop === group.prop;
  // The whole group (its fields with it) is dragged by its head: one moveGroup, one undo step.
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: groupId(group.prop),
    data: { kind: 'group', prop: group.prop, type: 'group' },
  });
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      className={`pd-group pd-card${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-group={group.prop}
    >
      <button
        type="button"
        className="pd-group-head"
        onClick={() => handlers.onSelect(ref)}
        {...attributes}
        {...listeners}
      >
        <strong>{group.label}</strong>
      </button>
      <CardActions refValue={ref}>
        <Tooltip title={t('form.design.moveUp')}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('form.design.moveUp')}
            disabled={index === 0}
            onClick={() => handlers.onMoveGroup(group.prop, index - 1)}
          />
        </Tooltip>
        <Tooltip title={t('form.design.moveDown')}>
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('form.design.moveDown')}
            disabled={last}
            onClick={() => handlers.onMoveGroup(group.prop, index + 1)}
          />
        </Tooltip>
      </CardActions>
      <DropContainer container={`group:${group.prop}`} columns={group.column} selected={current}>
        {group.column.length === 0 && <div className="pd-empty">{t('form.design.emptyGroup')}</div>}
      </DropContainer>
    </div>
  );
}

function DropContainer({
  container,
  columns,
  selected,
  className = '',
  children,
}: {
  container: Container;
  columns: Column[];
  selected: NodeRef | null;
  className?: string;
  children?: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: containerId(container),
    data: { kind: 'container', container },
  });
  const ids = useMemo(() => columns.map((c) => fieldId({ container, prop: c.prop })), [columns, container]);
  return (
    <SortableContext items={useSortableItems(ids)} strategy={rectSortingStrategy}>
      <div
        ref={setNodeRef}
        className={`pd-container ${className}${isOver ? ' is-over' : ''}`}
        data-container={container}
      >
        {columns.map((column) => (
          <FieldCard
            key={column.prop}
            column={column}
            container={container}
            selected={selected?.container === container && selected.prop === column.prop}
            // Only a sub-table needs the selection inside it; other cards get null and stay memoised.
            inner={
              column.type === 'dynamic' && selected?.container === `dynamic:${column.prop}` ? selected : null
            }
          />
        ))}
        {children}
      </div>
    </SortableContext>
  );
}

const FieldCard = memo(function FieldCard({
  column,
  container,
  selected,
  inner,
}: {
  column: Column;
  container: Container;
  selected: boolean;
  inner: NodeRef | null;
}) {
  const { t } = useTranslation();
  const handlers = useContext(ActionsContext);
  const ref: NodeRef = { container, prop: column.prop };
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: fieldId(ref),
    data: { kind: 'field', ref, type: column.type ?? 'input' },
  });
  const inTable = container.startsWith('dynamic:');
  const width = inTable
    ? `${Math.max(100, Number(column.width) || 160)}px`
    : `calc(${((column.span ?? 24) / 24) * 100}% - 4px)`;
  const style = {
    width,
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dnd-kit's attributes make it a button with a tab stop
    <div
      ref={setNodeRef}
      style={style}
      className={`pd-card${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-field={column.prop}
      data-type={column.type ?? 'input'}
      onClick={(e) => {
        e.stopPropagation();
        handlers.onSelect(ref);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') handlers.onSelect(ref);
      }}
      {...attributes}
      {...listeners}
    >
      {column.type === 'title' ? (
        <div style={{ fontSize: 16, fontWeight: 600 }}>{column.label}</div>
      ) : (
        <>
          <div className={`pd-card-label${column.required ? ' pd-card-required' : ''}`}>
            {column.label ?? column.prop}
          </div>
          {column.type === 'dynamic' ? (
            <DropContainer
              container={`dynamic:${column.prop}`}
              columns={column.children?.column ?? []}
              selected={inner}
            >
              {(column.children?.column ?? []).length === 0 && (
                <div className="pd-empty">{t('form.design.emptyTable')}</div>
              )}
            </DropContainer>
          ) : (
            <Stand column={column} />
          )}
        </>
      )}
      {selected && <CardActions refValue={ref} />}
    </div>
  );
});

/** A light picture of the widget: its placeholder or its options, no real control. Memoised: when the list of
 * cards changes (undo, redo, a drop), dnd-kit re-renders every card's sortable, not its picture. */
const Stand = memo(function Stand({ column }: { column: Column }) {
  const { t } = useTranslation();
  const options = column.dicData?.map((d) => d.label).join(' / ');
  const text =
    (column.placeholder as string) ||
    options ||
    (column.startPlaceholder ? `${column.startPlaceholder} ~ ${column.endPlaceholder ?? ''}` : '') ||
    t(`form.design.w_${column.type ?? 'input'}`, { defaultValue: column.type ?? '' });
  return (
    <div
      style={{
        border: '1px solid var(--ant-color-border)',
        borderRadius: 4,
        padding: '2px 8px',
        color: 'var(--ant-color-text-quaternary)',
        minHeight: column.type === 'textarea' ? 48 : 26,
        fontSize: 12,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      }}
    >
      {text}
    </div>
  );
});

function CardActions({ refValue, children }: { refValue: NodeRef; children?: ReactNode }) {
  const { t } = useTranslation();
  const handlers = useContext(ActionsContext);
  return (
    <div className="pd-card-actions" onPointerDown={(e) => e.stopPropagation()}>
      {children}
      <Tooltip title={t('form.design.copy')}>
        <Button
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('form.design.copy')}
          onClick={(e) => {
            e.stopPropagation();
            handlers.onDuplicate(refValue);
          }}
        />
      </Tooltip>
      <Tooltip title={t('form.design.remove')}>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('form.design.remove')}
          onClick={(e) => {
            e.stopPropagation();
            handlers.onRemove(refValue);
          }}
        />
      </Tooltip>
    </div>
  );
}
