import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreeNode } from '#src/api/org';
import { useSession } from '#src/app/stores/session';
import { i18n } from '#src/i18n';
import { renderWithProviders } from '#src/test/render';
import { DeptTree, filterTree } from './DeptTree';
import { allKeys, checkedForTree, grantKeys } from './grantKeys';
import { MenuGrantTree } from './MenuGrantTree';
import { TenantSelect, useActingTenant } from './TenantSelect';

vi.mock('#src/api/org', () => ({
  fetchTenantSelect: vi.fn(async () => [
    { id: '1', tenantId: '000000', tenantName: '管理组' },
    { id: '2', tenantId: '356782', tenantName: '示例化工厂' },
  ]),
  fetchDeptTree: vi.fn(async () => forest),
}));

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  children,
});

// 1 ─ 11, 12 (─ 121, 122); 2
const forest: TreeNode[] = [
  node('1', '系统管理', [
    node('11', '用户管理'),
    node('12', '岗位管理', [node('121', '新增'), node('122', '删除')]),
  ]),
  node('2', '工作台'),
];

function signIn(tenantId: string, roleName: string) {
  useSession.setState({ tenantId, auth: { role_name: roleName } as never });
}

describe('grant keys', () => {
  it('drops saved parents whose descendants are not all saved (they show half-checked)', () => {
    expect(checkedForTree(forest, ['1', '11', '12', '121'])).toEqual(['11', '121']);
    expect(checkedForTree(forest, ['1', '11', '12', '121', '122'])).toEqual(['11', '121', '122', '12', '1']);
    expect(checkedForTree(forest, ['2'])).toEqual(['2']);
  });

  it('saves fully checked keys, half-checked parents only on request', () => {
    expect(grantKeys(['11'], ['1'])).toEqual(['11']);
    expect(grantKeys(['11'], ['1'], true)).toEqual(['11', '1']);
    expect(allKeys(forest)).toEqual(['1', '11', '12', '121', '122', '2']);
  });
});

describe('MenuGrantTree', () => {
  it('shows a partially saved parent half-checked and reports fully checked keys', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <MenuGrantTree treeData={forest} value={['1', '11', '12', '121']} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: /展开全部/ }));
    await screen.findByText('新增');
    const half = container.querySelectorAll('.ant-tree-checkbox-indeterminate');
    expect(half.length).toBe(2); // 系统管理 and 岗位管理
    const checkbox = (title: string) =>
      screen
        .getByText(title)
        .closest('.ant-tree-treenode')
        ?.querySelector('.ant-tree-checkbox') as HTMLElement;
    await user.click(checkbox('删除'));
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining(['1', '11', '12', '121', '122']));
    await user.click(screen.getByRole('button', { name: /全\s*选/ }));
    expect(onChange).toHaveBeenLastCalledWith(allKeys(forest));
  });

  it('shows the English name of a menu in English mode, and the Chinese one when it has none', async () => {
    await i18n.changeLanguage('en');
    try {
      renderWithProviders(
        <MenuGrantTree treeData={[{ ...node('1', '系统管理'), titleEn: 'System' }, node('2', '用户管理')]} />,
      );
      expect(await screen.findByText('System')).toBeTruthy();
      expect(screen.queryByText('系统管理')).toBeNull();
      expect(screen.getByText('用户管理')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});

describe('TenantSelect', () => {
  beforeEach(() => useSession.getState().clear());

  it('renders nothing for users other than the platform administrator', () => {
    signIn('356782', 'administrator');
    const { container } = renderWithProviders(<TenantSelect />);
    expect(container.querySelector('.ant-select')).toBeNull();
  });

  it('lists the tenants for the platform administrator and reports the tenant id', async () => {
    signIn('000000', 'administrator');
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TenantSelect onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('示例化工厂 (356782)'));
    expect(onChange).toHaveBeenCalledWith('356782');
  });
});

describe('useActingTenant', () => {
  beforeEach(() => useSession.getState().clear());

  function Screen() {
    const { acting, picker } = useActingTenant();
    return (
      <>
        {picker}
        <output>{acting ?? 'own'}</output>
      </>
    );
  }

  it('acts in the picked tenant, and in the own one when that is picked', async () => {
    signIn('000000', 'administrator');
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent('own');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('示例化工厂 (356782)'));
    expect(screen.getByRole('status')).toHaveTextContent('356782');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('管理组 (000000)'));
    expect(screen.getByRole('status')).toHaveTextContent('own');
  });

  it('offers no picker to anyone but the platform administrator', () => {
    signIn('356782', 'administrator');
    renderWithProviders(<Screen />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('own');
  });
});

describe('DeptTree', () => {
  it('filters by title keeping ancestors', () => {
    expect(filterTree(forest, '删除').map((n) => n.title)).toEqual(['系统管理']);
    expect(filterTree(forest, '删除')[0].children?.[0].children?.map((n) => n.title)).toEqual(['删除']);
    expect(filterTree(forest, '')).toBe(forest);
  });

  it('reports the clicked department, and undefined when clicked again', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const first = renderWithProviders(<DeptTree onChange={onChange} />);
    await user.click(await screen.findByText('用户管理'));
    expect(onChange).toHaveBeenLastCalledWith('11');
    first.unmount();
    const tree = renderWithProviders(<DeptTree value="11" onChange={onChange} />);
    await user.click(await within(tree.container).findByText('用户管理'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(undefined));
  });
});
