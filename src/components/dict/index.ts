/** Dictionary types for every page: options, labels and valueEnums (useDict.ts), and how a business form's values read. */
export { enumOptions, useDict, useDictEnum, type DictEnum, type DictOptionItem } from './useDict';
export { usePayloadText } from './usePayloadText';
