import { generatePrismaClient } from '../src/db/generateClient.ts';

export default function setup(): void {
  generatePrismaClient();
}
