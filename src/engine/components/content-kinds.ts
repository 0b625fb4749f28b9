// Components drawn for a json field by the KIND of its content (schemas/content/<name>.json), whatever
// page shows the field: the field edits and reads as that component in every form and detail, unless
// the page names another. A content kind without an entry here uses the generic JsonEditor/JsonPreview.
export const CONTENT_KIND_COMPONENTS: Readonly<Record<string, string>> = {
  /** §3.3 question lists (inspection, running, repair and upkeep templates): the checklist editor. */
  questionGroups: 'QuestionGroups',
};

/** The component registered for a field's content kind (`contentName` of a resolved field), if any. */
export const contentKindComponent = (field: object): string | undefined => {
  const name = (field as { contentName?: unknown }).contentName;
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CONTENT_KIND_COMPONENTS, name) ? CONTENT_KIND_COMPONENTS[name] : undefined;
};
