type ExtractedMessage = { id: string; message?: string; origin?: [filename: string, line: number] };

export const contractsExtractor: {
  match(filename: string): boolean;
  extract(
    filename: string,
    code: string,
    onMessageExtracted: (msg: ExtractedMessage) => void,
  ): void;
};
