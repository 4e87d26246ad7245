import { generatePrismaClient } from '../src/db/generateClient.ts';

generatePrismaClient();
