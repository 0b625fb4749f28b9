// How rows of platform tables that no entity schema describes are counted when their foreign key keeps
// a row from being deleted (server/engine/delete-rule.ts): e.g. a company still holding memberships is
// refused with 该记录已被其他数据使用：3 名用户. Tables of an entity use its `countAs` instead.
export const TABLE_NOUNS: Readonly<Record<string, string>> = {
  memberships: '名用户',
  watch_companies: '名监管用户',
  sessions: '个登录会话',
  uploaded_files: '个上传文件',
};

/** A table this list does not name. */
export const OTHER_ROWS = '条关联数据';
