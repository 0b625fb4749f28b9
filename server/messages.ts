// Server-side Chinese texts that the spec leaves to us (§8 gives the rest, in common/constants MESSAGES).
export const SERVER_MESSAGES = {
  serviceTokenInvalid: '页面已过期，请刷新页面后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  /** docs/api.md: 登录失败次数过多，请15分钟后再试, with the actual wait of the limit that refused. */
  tooManyLogins: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  auditPending: '账号正在审核中，审核通过后才能登录',
  auditRejected: '账号审核未通过，请联系管理员',
  noCompany: '账号未加入任何单位，请联系管理员',
  notMember: '您不是该单位的成员',
  notWatched: '该单位不在您的监视列表中',
  companyMissing: '单位不存在',
  projectOutOfScope: '项目不存在或不在您的权限范围内',
  monitoringReadOnly: '监视模式下只能查看，不能修改数据',
  userNameTaken: '用户名已存在',
  registerCompanyMissing: '所属单位不存在，请填写完整的单位名称',
  registered: '注册成功，请等待管理员审核',
  noticeMissing: '通知不存在或已删除',
  dictionaryMissing: '字典不存在',
  saved: '保存成功',
  loggedOut: '已退出登录',
  noticeDeleted: '删除成功!',
} as const;
