CREATE TABLE "supplier_pauses" (
	"supplier" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
