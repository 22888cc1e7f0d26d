import { ConfigError, loadConfig } from "./config";
import { startServer } from "./server";

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`casefile listening on ${server.url}`);
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
