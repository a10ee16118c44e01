/** `text` as a regular expression source that matches it and nothing else: a message's own words in the pattern that finds it. */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
