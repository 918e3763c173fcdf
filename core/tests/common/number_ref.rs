//! The slow reference for `write_double_shortest`: Rust's own float
//! formatting for the digits (with the ties-to-even fix) and a plain
//! transcription of `zend_gcvt()`'s layout rules; the same method as
//! core/tests/number_reference.rs, whose notes explain the ties; shared by
//! that test and the fuzz crate's `number` target (included with #[path]).

/// zend_gcvt(value, 17, ...) plus JSON_PRESERVE_ZERO_FRACTION, the slow
/// way, for a finite `v`.
pub fn double(v: f64, preserve: bool) -> String {
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    let (digits, decpt) = if v == 0.0 {
        ("0".to_string(), 1)
    } else {
        let a = v.abs();
        let short = format!("{a:e}");
        let p = short
            .split_once('e')
            .unwrap()
            .0
            .chars()
            .filter(char::is_ascii_digit)
            .count();
        let exact = format!("{:.*e}", p - 1, a);
        let e = if exact.parse::<f64>() == Ok(a) {
            exact
        } else {
            short
        };
        let (mant, exp) = e.split_once('e').unwrap();
        let digits: String = mant.chars().filter(|&c| c != '.').collect();
        let digits = digits.trim_end_matches('0').to_string();
        (digits, exp.parse::<i32>().unwrap() + 1)
    };
    let d: Vec<char> = digits.chars().collect();
    if !(-3..=17).contains(&decpt) {
        out.push(d[0]);
        out.push('.');
        if d.len() == 1 {
            out.push('0');
        } else {
            out.extend(&d[1..]);
        }
        let e = decpt - 1;
        out.push('e');
        out.push(if e < 0 { '-' } else { '+' });
        out.push_str(&e.abs().to_string());
    } else if decpt <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-decpt) as usize));
        out.push_str(&digits);
    } else if d.len() <= decpt as usize {
        out.push_str(&digits);
        out.push_str(&"0".repeat(decpt as usize - d.len()));
    } else {
        out.extend(&d[..decpt as usize]);
        out.push('.');
        out.extend(&d[decpt as usize..]);
    }
    if preserve && !out.contains('.') {
        out.push_str(".0");
    }
    out
}
