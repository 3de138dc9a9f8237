/** The ids that tie a place field's input to its list of suggestions (the combobox's `aria-controls`). */
export const listboxId = (inputId: string) => `${inputId}-places`;
export const optionId = (inputId: string, index: number) => `${listboxId(inputId)}-${index}`;
