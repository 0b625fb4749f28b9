// Colours of the quality and safety screen for the codes of the QualitySafety answer
// (common/screens/quality-safety.ts).

/** hazardStatus codes (1 待整改, 2 整改中, 3 待复查, 4 已销项) and their colours. */
export const STATUS_COLORS: Record<string, string> = { '1': '#ff4d6d', '2': '#ffc53d', '3': '#1ec8ff', '4': '#22e3a5' };

/** hazardLevel codes (1 一般, 2 较大, 3 重大) and their colours. */
export const LEVEL_COLORS: Record<string, string> = { '1': '#4d94ff', '2': '#ff9f40', '3': '#ff4d6d' };
