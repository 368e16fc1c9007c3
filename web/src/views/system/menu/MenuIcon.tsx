import { useMenuIcon } from '#src/layout/useMenuIcon';

/** A menu's `source` icon as the sidebar shows it (the default icon for none or an unknown name). */
export function MenuIcon({ source }: { source?: string | null }) {
  const icon = useMenuIcon();
  return (
    <span className="pd-menu-icon-cell" title={source || undefined}>
      {icon(source ?? undefined)}
    </span>
  );
}
