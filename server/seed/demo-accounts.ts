// The demo accounts are part of the product contract (README, e2e tests): one per kind of user the
// spec names (architecture §6). All share one password.
export const DEMO_PASSWORD = 'Demo@1234';

export type DemoAccount = { userName: string; who: string };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { userName: 'sysadmin', who: '系统管理员（全部权限）' },
  { userName: 'qiye01', who: '企业用户，集团公司，后台全部功能' },
  { userName: 'qiye02', who: '企业用户，集团公司，巡检模板只读（无新增/编辑/删除）' },
  { userName: 'jianguan01', who: '政府监管用户，内江市（511000）' },
  { userName: 'xiangmu01', who: '项目用户，3 个项目' },
  { userName: 'xiangmu02', who: '项目用户，1 个项目' },
  { userName: 'duogongsi', who: '两家单位成员，有监视单位（监视模式）' },
  { userName: 'wuquanxian', who: '无数据权限（OrgDataAuthorityType 0）' },
  { userName: 'jiaobanzhan01', who: '搅拌站管理员，内江华鼎商品混凝土有限公司，搅拌站管理全部功能' },
  { userName: 'diaodu01', who: '搅拌站调度员，华鼎商砼，录入订单、任务、发货，不能审核订单、不能签收' },
];
