<?php
declare(strict_types=1);

// Loads the fuzzer. Fixtures live in the global namespace (see fixtures.php).
require __DIR__ . '/fixtures.php';
if (PHP_VERSION_ID >= 80400) {
    require __DIR__ . '/fixtures84.php'; // property hooks, lazy objects: does not parse before 8.4
}
foreach (['Rng', 'Flags', 'Ctx', 'GenScalar', 'GenString', 'GenDouble', 'GenContainer', 'GenObject', 'GenHook', 'GenCase',
    'Build', 'Emit', 'Compare', 'Shrink', 'Report', 'Sweeps', 'SelfTest'] as $file) {
    require __DIR__ . "/$file.php";
}

error_reporting(E_ALL);
ini_set('memory_limit', '1024M');
ini_set('serialize_precision', '-1');
// Warnings and deprecations (from ZPP, jsonSerialize, coercions) are part of a side's record.
set_error_handler([FzLog::class, 'onError']);
Fuzz\Compare::init();
