// Runs s3rver (a real S3-protocol server) under Node on loopback for the ship tests.
// Usage: node s3rver-main.cjs <directory> <bucket>; prints {"port": N} once listening.
const S3rver = require("s3rver");

const [directory, bucket] = process.argv.slice(2);
new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(({ port }) => console.log(JSON.stringify({ port })))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
