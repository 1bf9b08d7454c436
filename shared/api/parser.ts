import type { AxiosInstance } from 'axios';
import type { FontEntry, ParserEngineInfo, ParserVersion } from '../contract/parser';

export type { FontEntry, ParserEngineInfo, ParserVersion };

/** Calls around the Word parser (decisions "Parser calls and fonts"), shared by the portal and the add-in. */
export function parserEndpoints(http: AxiosInstance) {
  return {
    parserEngines: async (orgId: string) => (await http.get<{ data: ParserEngineInfo[] }>('/v2/parser/engines', { params: { orgId } })).data.data,
    parserVersion: async () => (await http.get<{ data: ParserVersion }>('/v2/parser/version')).data.data,
    /** Which of a document's faces are supported, in one call (the `face` parameter repeated). */
    checkFonts: async (faces: string[]): Promise<FontEntry[]> => {
      if (!faces.length) return [];
      const params = new URLSearchParams(faces.map((face) => ['face', face]));
      // Two or more faces answer a list; one face answers its entry.
      const data = (await http.get<{ data: FontEntry | FontEntry[] }>('/v2/parserfont', { params })).data.data;
      return Array.isArray(data) ? data : [data];
    },
    /** Uploads a font file as the organisation's `name` face (multipart: uploaded_file, name). */
    uploadFont: async (file: Blob & { name?: string }, name: string): Promise<FontEntry> => {
      const form = new FormData();
      form.append('name', name);
      form.append('uploaded_file', file, file.name ?? 'font');
      return (await http.post<{ data: FontEntry }>('/v2/parserfont/upload', form, { timeout: 120_000 })).data.data;
    },
  };
}
