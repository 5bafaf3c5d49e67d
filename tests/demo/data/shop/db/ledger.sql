CREATE TABLE accounts (id SERIAL PRIMARY KEY, owner TEXT NOT NULL, balance NUMERIC(10,2) NOT NULL, opened DATE);
INSERT INTO accounts (owner, balance, opened) VALUES ('ada', 100.50, '2024-01-02'), ('grace', 20.00, '2024-03-04');
