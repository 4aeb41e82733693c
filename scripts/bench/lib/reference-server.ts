import Fastify from 'fastify';

/**
 * The reference for the API figures: a bare Fastify route in its own process, answering the same kind of
 * envelope with no database, validation or session. Started by the bench with PORT set.
 */
const app = Fastify({ logger: false });
const answer = { code: 200, msg: 'ok', data: null };
// A resolved promise, like the API's async handlers: the same reply path, without the work.
app.get('/ref', () => Promise.resolve(answer));
app.post('/ref', () => Promise.resolve(answer));

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
