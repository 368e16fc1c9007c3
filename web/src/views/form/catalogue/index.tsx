import { catalogueApi, type FormCatalogue, fetchCatalogueTree, formKeys } from '#src/api/formAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const L = (key: string) => `form.catalogue.${key}`;

const catalogueTreeQuery = { queryKey: formKeys.of('catalogue', 'tree'), queryFn: fetchCatalogueTree };

// The list is the whole tree (folders are few); the verbs are the generated ones.
const api = { ...catalogueApi, list: async () => (await fetchCatalogueTree()) as FormCatalogue[] };

const option: CrudOption<FormCatalogue> = {
  name: 'form-catalogue',
  tree: true,
  selection: false,
  permissions: {
    add: 'catalogue_add',
    edit: 'catalogue_edit',
    view: 'catalogue_view',
    delete: 'catalogue_delete',
  },
  invalidates: ['form-management'],
  columns: [
    { prop: 'name', label: L('name'), required: true, rules: [{ max: 128 }] },
    {
      prop: 'parentId',
      label: L('parentId'),
      type: 'tree-select',
      dicQuery: catalogueTreeQuery,
      props: { label: 'name', value: 'id' },
      hide: true,
    },
    { prop: 'sort', label: L('sort'), type: 'number', value: 1, width: 100 },
    { prop: 'remark', label: L('remark'), type: 'textarea', span: 24 },
  ],
};

/** 表单目录 (/form/catalogue): the folders forms are published into (a tree). */
export default function FormCataloguePage() {
  return <CrudPage option={option} api={api} />;
}
