import { Card, Empty } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '#src/api/menuAdmin';
import { MenuSideTree } from './MenuSideTree';
import './scope.css';

/** Menu tree on the left, the selected menu's scopes (rendered by `children`) on the right. */
export function ScopeLayout({
  name,
  children,
}: {
  /** `data-testid` of the layout: scope-<name>. */
  name: string;
  children(menu: MenuRow): ReactNode;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<MenuRow>();
  return (
    <div className="pd-scope-layout" data-testid={`scope-${name}`}>
      <MenuSideTree selected={menu} onSelect={setMenu} />
      <div className="pd-scope-main">
        {menu ? (
          children(menu)
        ) : (
          <Card size="small">
            <Empty description={t('authority.datascope.pickMenu')} />
          </Card>
        )}
      </div>
    </div>
  );
}
