/** `npm run client:types`: writes the client's generated API types (see api-types.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from './api-types.ts';

writeFileSync(API_TYPES_FILE, await generateApiTypes());
console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
