DROP DATABASE IF EXISTS ledger;
CREATE DATABASE ledger;
\c ledger;

CREATE TABLE account (
    account_id SERIAL PRIMARY KEY,
    name VARCHAR(40) NOT NULL UNIQUE,
    opened TIMESTAMP NOT NULL
);

CREATE TABLE entry (
    entry_id BIGSERIAL PRIMARY KEY,
    account_id INT NOT NULL,
    amount NUMERIC(12, 2) NOT NULL,
    memo TEXT,
    booked DATE NOT NULL DEFAULT CURRENT_DATE
);

INSERT INTO account (name, opened) VALUES (N'Cash', '2021/1/1'), (N'Bank ''Main''', '2021/1/2 10:30:00');
INSERT INTO entry (account_id, amount, memo, booked) VALUES
    (1, 10.50, N'coffee; beans', '2021-01-03'),
    (2, -3.25, NULL, '2021-01-04');

ALTER TABLE entry ADD CONSTRAINT entry_account_id_fkey
    FOREIGN KEY (account_id) REFERENCES account (account_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
