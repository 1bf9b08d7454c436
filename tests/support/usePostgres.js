// Setup file of the api-postgres project: the same API suites, on real PostgreSQL.
process.env.TEST_DB = 'postgres';
