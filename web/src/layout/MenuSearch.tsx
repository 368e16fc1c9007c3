import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuLabel, menuTarget, searchMenus, sidebarMenus } from '#src/app/menus';
import { siteLinks } from '#src/app/siteLinks';
import { useSession } from '#src/app/stores/session';
import { useSettings } from '#src/app/stores/settings';
import { tabUrl } from '#src/app/stores/tabs';
import { useMenuIcon } from './useMenuIcon';

/** Menu search overlay: case-insensitive prefix match on menu names; Esc closes (spec §2). */
export default function MenuSearch({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleName = useSession((s) => s.auth?.role_name);
  const menus = useSession((s) => s.menus);
  const [query, setQuery] = useState('');
  const language = useSettings((s) => s.language);
  const icon = useMenuIcon();
  const results = searchMenus(sidebarMenus(menus, roleName), query, language);

  return (
    <Modal open footer={null} closable={false} onCancel={onClose} className="pd-search" width={560}>
      <Input
        autoFocus
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {query && !results.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
      ) : (
        <List
          className="pd-search-results"
          dataSource={results}
          renderItem={(menu) => (
            <List.Item
              className="pd-search-item"
              onClick={() => {
                const target = menuTarget(menu, siteLinks);
                if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
                else navigate(tabUrl(target.to));
                onClose();
              }}
            >
              <List.Item.Meta
                avatar={icon(menu.source)}
                title={menuLabel(menu, language)}
                description={menu.path}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
