import {
  AlignLeftOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DownSquareOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  GroupOutlined,
  NumberOutlined,
  SlidersOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { type ComponentType, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_GROUPS, paletteOf, type Widget } from '#src/designer/registry';

// The palette's icons by the registry's names (named imports keep the icon set out of the chunk).
const ICONS: Record<string, ComponentType> = {
  AlignLeftOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DownSquareOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  GroupOutlined,
  NumberOutlined,
  SlidersOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  UploadOutlined,
};

/** The left palette: the registry's widgets by group; drag one onto the canvas, or click to append it. */
export const Palette = memo(function Palette({ onPick }: { onPick: (type: string) => void }) {
  const { t } = useTranslation();
  return (
    <div data-palette>
      {PALETTE_GROUPS.map((group) => (
        <div className="pd-palette-group" key={group}>
          <h5>{t(`form.design.g_${group}`)}</h5>
          <div className="pd-palette-items">
            {paletteOf(group).map((widget) => (
              <PaletteItem key={widget.type} widget={widget} onPick={onPick} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
});

function PaletteItem({ widget, onPick }: { widget: Widget; onPick: (type: string) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `palette:${widget.type}`,
    data: { kind: 'palette', type: widget.type },
  });
  const Icon = ICONS[widget.icon] ?? EditOutlined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dnd-kit's attributes make it a button with a tab stop
    <div
      ref={setNodeRef}
      className="pd-palette-item"
      data-widget={widget.type}
      {...attributes}
      {...listeners}
      onDoubleClick={() => onPick(widget.type)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onPick(widget.type);
      }}
    >
      <Icon />
      <span>{t(`form.design.w_${widget.type}`)}</span>
    </div>
  );
}
