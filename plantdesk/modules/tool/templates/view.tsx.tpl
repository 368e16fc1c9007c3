import { $view_names } from '#src/api/$module';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const option: CrudOption<$Model> = {
  name: '$menu_code',
  permissions: {
    add: '${menu_code}_add',
    edit: '${menu_code}_edit',
    view: '${menu_code}_view',
    delete: '${menu_code}_delete',
  },
  urlState: true,
  columns: [
$ts_columns
  ],
};

/** $code_name ($menu_path): generated from table `$source_table`. */
export default function ${Model}Page() {
  return <CrudPage option={option} api={${screen_camel}Api} />;
}
