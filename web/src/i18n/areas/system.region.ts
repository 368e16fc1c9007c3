import { defineArea } from '../area';

/** 行政区划 (/system/region). */
export const systemRegion = defineArea('system.region', {
  zh: {
    code: '区划编号',
    name: '区划名称',
    parentCode: '上级区划',
    regionLevel: '区划层级',
    sort: '区划排序',
    remark: '区划备注',
    addChild: '新增下级',
    root: '00 表示顶级区划',
    codeFormat: '区划编号只能包含字母和数字',
    level1: '省份',
    level2: '地市',
    level3: '区县',
    level4: '乡镇',
    level5: '村委',
  },
  en: {
    code: 'Code',
    name: 'Name',
    parentCode: 'Parent',
    regionLevel: 'Level',
    sort: 'Order',
    remark: 'Remark',
    addChild: 'Add child',
    root: '00 is the top level',
    codeFormat: 'The code may hold letters and digits only',
    level1: 'Province',
    level2: 'City',
    level3: 'District',
    level4: 'Town',
    level5: 'Village',
  },
});
