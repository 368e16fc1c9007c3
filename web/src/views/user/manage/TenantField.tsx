import type { User } from '#src/api/userAdmin';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { TenantSelect } from '#src/components/TenantSelect';

/**
 * The tenant of a new user (platform administrator only). Roles, departments and posts belong to a
 * tenant, so picking another one clears them.
 */
export default function TenantField({ id, value, onChange, disabled, form }: CrudFieldProps<User>) {
  return (
    <TenantSelect
      id={id}
      value={value as string | undefined}
      disabled={disabled}
      allowClear={false}
      style={{ width: '100%' }}
      onChange={(tenant) => {
        if (tenant !== value) form.setFieldsValue({ roleId: [], deptId: [], postId: [] });
        onChange?.(tenant);
      }}
    />
  );
}
