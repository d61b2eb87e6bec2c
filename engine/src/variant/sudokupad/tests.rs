use super::*;
use crate::variant::{Rule, VariantSolver};

fn count(variant: &Variant) -> u128 {
    VariantSolver::new().count(variant, None).solutions
}

#[test]
fn percent_escapes_decode_and_others_stay() {
    assert_eq!(percent_decode("N4Ig+a/b="), "N4Ig+a/b=");
    assert_eq!(percent_decode("N4Ig%2Ba%2fb%3D"), "N4Ig+a/b=");
    // Not an escape: kept as written.
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(percent_decode("%+F%g1%4"), "%+F%g1%4");
    assert_eq!(percent_decode("%C3%A9t%C3%A9"), "\u{e9}t\u{e9}");
    assert_eq!(percent_decode("%FF"), "\u{fffd}");
}

#[test]
fn links_give_their_payloads() {
    let fpuz = Some(Payload::Fpuzzles("N4Ig+a/b=".into()));
    assert_eq!(payload("https://sudokupad.app/fpuzzlesN4Ig+a/b="), fpuz);
    assert_eq!(payload("sudokupad.app/fpuzN4Ig%2Ba%2Fb%3D"), fpuz);
    assert_eq!(
        payload("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig+a/b=&x=1"),
        fpuz
    );
    assert_eq!(payload("https://sudokupad.app/fpuzzlesN4Ig a/b="), fpuz);
    let native = Some(Payload::Native("N4Ig".into()));
    assert_eq!(
        payload("https://app.crackingthecryptic.com/sudoku/ctcN4Ig"),
        native
    );
    assert_eq!(payload("https://sudokupad.app/sclN4Ig?setting-x=1"), native);
    assert_eq!(payload("sclN4Ig"), native);
    let classic = Some(Payload::Classic("sIFrev0quIs0pAGDHPqBs0".into()));
    assert_eq!(
        payload("https://sudokupad.app/classicsIFrev0quIs0pAGDHPqBs0"),
        classic
    );
    let remote = Some(Payload::Remote("wsj7iunsg6".into()));
    assert_eq!(payload("https://sudokupad.app/wsj7iunsg6"), remote);
    assert_eq!(payload("N4IgzglgXgpiBcBOANCA"), None);
    assert_eq!(payload("https://www.f-puzzles.com/?load=N4Ig"), None);
}

/// The zipped form of a 4x4 killer made by hand from SudokuPad's format: givens, a cage
/// with a total, a metadata cage and a global rule.
const ZIPPED: &str = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:'1'}]],\
    ca:[{ce:[[0,1],[0,2]],v:5},{v:'title: hand-made'}],global:['antiking']}";

#[test]
fn the_zipped_document_reads_plain_and_compressed() {
    let variant = parse_native(ZIPPED).unwrap();
    let twice = ZIPPED.replace(
        "global:['antiking']",
        "global:['antiking'],metadata:{antiking:t}",
    );
    assert_eq!(parse_native(&twice).unwrap(), variant);
    assert_eq!(variant.givens().to_string(), "1..............1");
    assert!(variant.rules().contains(&Rule::AntiKing));
    let packed = crate::variant::fpuzzles::compress(ZIPPED);
    let link = format!("https://sudokupad.app/scl{packed}");
    let linked = fpuzzles::parse(&link).unwrap();
    assert_eq!(linked, variant);
    assert_eq!(
        count(&variant),
        count(&fpuzzles::parse(&format!("ctc{packed}")).unwrap())
    );
}

#[test]
fn drawings_are_refused_unless_a_rule_explains_them() {
    let lined = "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0,0],[4,4]],c:'#34BBE6'}]}";
    let error = parse_native(lined).unwrap_err();
    assert_eq!(
        error,
        FpuzzlesError::Drawings {
            kinds: vec!["lines (1)".into()]
        }
    );
    assert!(error.to_string().contains("f-puzzles export"), "{error}");
    let named = lined.replace("'}]}", "'}],metadata:{'diagonal-':t}}");
    let variant = parse_native(&named).unwrap();
    let empty = "[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]";
    let diagonal = format!(r#"{{"size":4,"grid":{empty},"diagonal-":true}}"#);
    assert_eq!(variant, fpuzzles::parse(&diagonal).unwrap());
}

#[test]
fn short_ids_and_bad_cages_are_refused() {
    let error = fpuzzles::parse("https://sudokupad.app/wsj7iunsg6").unwrap_err();
    assert!(error.to_string().contains("network lookup"), "{error}");
    // A link in SudokuPad's compact format says what it is, not that it needs a lookup.
    for link in ["https://sudokupad.app/scfN4IgzglgXg", "scfN4IgzglgXg"] {
        let error = fpuzzles::parse(link).unwrap_err();
        assert_eq!(error, FpuzzlesError::CompactLink);
        assert!(
            error.to_string().contains("compact format (scf...)"),
            "{error}"
        );
    }
    let repeat = "{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,0],[0,1]],unique:f}]}";
    let error = parse_native(repeat).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unsupported constraint \"cages[0] (digits may repeat)\""
    );
    let unknown = "{ce:[[,,,],[,,,],[,,,],[,,,]],sandwich:[{v:3}]}";
    let error = parse_native(unknown).unwrap_err().to_string();
    assert_eq!(
        error,
        "sandwich: not a key of SudokuPad documents that this reader knows"
    );
    let outside = "{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,4]],v:3}]}";
    let error = parse_native(outside).unwrap_err().to_string();
    assert!(
        error.starts_with("cages[0].cells[0]: expected a cell"),
        "{error}"
    );
}

#[test]
fn regions_replace_the_boxes() {
    let text = "{ce:[[,,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[0,2],[1,0]],\
        [[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}";
    let variant = parse_native(text).unwrap();
    assert!(variant.regions().is_some());
}

/// A real link: "Introduction to Counting Circles" by Michael Lefkowitz, the example of
/// SakanaAI/Sudoku-Bench's `src/sudokupad_interaction/README.md`. Its circles are
/// underlays whose rule only the text states.
const COUNTING_CIRCLES: &str = "sclN4SwJgXA5AzgHjAtgfQLIgMYAsCGBTAGwBk8AzAawHsB3EAFwC9k8B2ADhwBYWAjDARjABOAAwiAbJ1IBmIWx54ArP1L9F00qXEZpUADQYcEANrAAbtDr0CeCAAIAkgDs6AJ0pgArhiuUnduko7AGFKTxcQJwBzEJBXDBsYKABfPXNoHE86LEpXe3RsfAI7EgoaegYUtIsoV09E+wBlAFUAEQB5AGlmgB0nAFo7ADEQAmLsvDso13A7WmyArEmwECj6GDt+fs47GCDsnDo7JyCVtaPXPAAHPEONyLscO3dqPTsMSgJPRCc33LseJQ4AA6Pp9YLtZoAOQAKg4oQBxEIOABKwSIAFFGn0AIJOACedjO9DsDyeGDiCUmkRWhjoeA2eDgOB8BEJOWodkQOAJ70piXefjoOAeByOxLowLsOI2PLsTJwiCuNjeIFIizwl1JsrsACZSf4eYSKfEVRqtTgtQrWYS6NQgrr7v4TVSnRq7FdPAwGDZgVV0rBPlkQH57NJOLr+PxdZxw/xpLrddJ+JwUgBdAwwCCKEQGWzGYx6IsZwvFvSlvQlouVjOXEwF3MiEu5/gl/h6Jvl9utkvGXO65t6aRtvQDrtDtO93UdkvT1vl6Qzhd6Hvl4zTsfrifLzeL4eTvSeEzAGBuSjkWxQE5OPD6HlRGwQXM+EzSYGKDvvjPUJ/AtjTrBf3/PRsggds8joAxdQgABiIYDH4WCRFSE8zwvaBr1vPR70fZ86BMXV30/RRvyAgCyJAwDwIgSCMGguCEKQlDT3cdCrz8LCcNsPDXyIt8SL0H8RD/cjhOA0DqNo+j4IEJi0hY89L0wu9olwgx8OMfg+K/QSKMAsTpwkvQIKg2CZMQmDkPktClI4lSH249STC0j9CIEoSRL0fTPKMky6LMxjLOYmyMLs7DVMcl9jH4lcdI84DvPEqjjJo0yGNkoLrNY2yb3stSopc2L3L0ijfNS/z0osqzUOy0LcvChynycvsiOE4qDK80rkr86TAuqhS2OUhr8o0tqitIjrEsM7ryt6jLkLTZIgA";

#[test]
fn a_real_link_with_circles_is_refused_for_its_drawings() {
    let error = fpuzzles::parse(&format!("https://sudokupad.app/{COUNTING_CIRCLES}")).unwrap_err();
    assert_eq!(
        error,
        FpuzzlesError::Drawings {
            kinds: vec!["underlays (9)".into()]
        }
    );
}

#[test]
fn every_form_of_an_fpuzzles_link_reads_the_same() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],
        [{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"7"}]}"#;
    let bare = crate::variant::fpuzzles::compress(json);
    let encoded = bare
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let expected = fpuzzles::parse(json).unwrap();
    for link in [
        bare.clone(),
        format!("https://sudokupad.app/fpuzzles{bare}"),
        format!("https://sudokupad.app/fpuz{encoded}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{bare}"),
        format!("https://www.f-puzzles.com/?load={encoded}"),
    ] {
        assert_eq!(fpuzzles::parse(&link).unwrap(), expected, "{link}");
    }
    let error = fpuzzles::parse("https://sudokupad.app/fpuzzlesyhkyz63b").unwrap_err();
    assert_eq!(
        error,
        FpuzzlesError::NeedsLookup {
            id: "fpuzzlesyhkyz63b".into()
        }
    );
}
