// The floor of a list deep link on the console's stack (bench/web-floor.mjs): React, antd's static stylesheet and a
// Table of the notice list's first page from the same API, and nothing else: no router, shell, query client, i18n
// or list pipeline. What this costs on a box, the console cannot undercut with React and antd.
import 'antd/dist/antd.css';
import { ConfigProvider, Table } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Notice = { id: string; title: string; categoryName?: string; releaseTime?: string };

function Floor() {
  const [rows, setRows] = useState<Notice[]>([]);
  useEffect(() => {
    const { token, tenantId } = JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state ?? {};
    fetch('/api/blade-desk/notice/list?current=1&size=10', {
      headers: {
        Authorization: `Basic ${btoa('plantdesk:plantdesk_secret')}`,
        'Blade-Auth': `bearer ${token}`,
        'Tenant-Id': tenantId ?? '000000',
      },
    })
      .then((r) => r.json())
      .then((body) => setRows(body.data.records));
  }, []);
  return (
    <ConfigProvider locale={zhCN}>
      <Table<Notice>
        rowKey="id"
        dataSource={rows}
        columns={[
          { title: '通知标题', dataIndex: 'title' },
          { title: '通知类型', dataIndex: 'categoryName' },
          { title: '通知日期', dataIndex: 'releaseTime' },
        ]}
      />
    </ConfigProvider>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Floor />);
